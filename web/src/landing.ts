import './styles.css';
import { get } from './api.ts';
import { loadAtlas } from './atlas.ts';
import { familyBars } from './bars.ts';
import { copyButton } from './copy.ts';
import { byId } from './dom.ts';
import { boot } from './session.ts';
import type { Atlas, Pulse } from './types.ts';

const REFRESH_MS = 30_000;

async function showPulse(atlas: Atlas): Promise<void> {
  const summary = byId('live-summary');
  try {
    const pulse = await get<Pulse>('/api/trajectory/collective-pulse?window=24h');
    summary.textContent =
      pulse.participants === 0
        ? 'Fewer than five people checked in during the last 24 hours, so nothing is shown yet.'
        : `At least ${pulse.participants} people checked in during the last 24 hours.`;
    if (pulse.participants === 0) {
      byId('live-families').replaceChildren();
      return;
    }
    byId('live-families').replaceChildren(
      familyBars(atlas, pulse.families, 'Share of people by family, last 24 hours'),
    );
  } catch {
    summary.textContent = 'The pulse could not be loaded just now; it will try again.';
  }
}

async function main(): Promise<void> {
  void boot();
  const call = byId('first-call');
  call.textContent = `curl -H "Authorization: Bearer orr_…" ${location.origin}/api/v1/essence`;
  copyButton(byId<HTMLButtonElement>('copy-first-call'), call, byId('copy-first-call-status'));
  const atlas = await loadAtlas();
  await showPulse(atlas);
  setInterval(() => void showPulse(atlas), REFRESH_MS);
}

void main();
