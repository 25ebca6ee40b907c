import './styles.css';
import { api, get, post } from './api.ts';
import { wireSignin, wireSignup } from './auth-forms.ts';
import { copyButton } from './copy.ts';
import { byId, h, show } from './dom.ts';
import { dateTime, essence, relativeTime, signedEssence } from './format.ts';
import { busy, clearProblem, onSubmit, showRegionProblem, text } from './forms.ts';
import { boot, renderAccount } from './session.ts';
import { spendByDay } from './spend.ts';
import { renderSpendChart, spendTable } from './spend-chart.ts';
import type { ApiKey, CreatedKey, EssencePage, LedgerEntry, Scope, User } from './types.ts';

const SPEND_DAYS = 14;
/** The chart reads at most this many ledger pages (100 entries each) back in time. */
const SPEND_MAX_PAGES = 10;

/** A moment as people read it at a glance ("3 minutes ago"), the exact date on hover and for machines. */
function when(iso: string | null, fallback = '—'): HTMLElement | string {
  if (iso === null) return fallback;
  return h('time', { datetime: iso, title: dateTime(iso) }, relativeTime(iso));
}

const loading = byId('loading');
const welcome = byId('welcome');
const dashboard = byId('dashboard');

// ---------------------------------------------------------------- balance and ledger

let ledgerCursor: string | null = null;

function ledgerRow(entry: LedgerEntry): HTMLTableRowElement {
  return h(
    'tr',
    {},
    h('td', { 'data-label': 'When' }, when(entry.createdAt)),
    h(
      'td',
      { 'data-label': 'Route' },
      h(
        'span',
        {},
        h('code', {}, entry.route),
        entry.reason ? h('span', { class: 'hint reason' }, entry.reason) : null,
      ),
    ),
    h(
      'td',
      { class: `num ${entry.amount < 0 ? 'debit' : 'credit'}`, 'data-label': 'Amount' },
      signedEssence(entry.amount),
    ),
    h('td', { class: 'num', 'data-label': 'Balance after' }, essence(entry.balanceAfter)),
  );
}

async function loadLedger(reset: boolean): Promise<void> {
  const body = byId('ledger-body');
  const more = byId<HTMLButtonElement>('ledger-more');
  const status = byId('ledger-status');
  const query = new URLSearchParams({ limit: '20' });
  if (!reset && ledgerCursor !== null) query.set('cursor', ledgerCursor);
  try {
    const page = await get<EssencePage>(`/api/essence?${query}`);
    if (reset) {
      body.replaceChildren();
      byId('balance').textContent = essence(page.balance);
    }
    body.append(...page.ledger.map(ledgerRow));
    ledgerCursor = page.nextCursor;
    show(more, page.nextCursor !== null);
    status.textContent =
      body.childElementCount === 0
        ? 'No ledger entries yet: your first partner call will show here, with what it cost and the balance after.'
        : '';
  } catch (error) {
    showRegionProblem(status, error, 'The ledger could not be loaded.');
  }
}

let destroyChart: (() => void) | null = null;

async function loadSpend(): Promise<void> {
  const host = byId('spend-chart');
  const tableHost = byId('spend-table');
  const since = Date.now() - SPEND_DAYS * 86_400_000;
  const entries: LedgerEntry[] = [];
  try {
    let cursor: string | null = null;
    for (let i = 0; i < SPEND_MAX_PAGES; i++) {
      const query = new URLSearchParams({ limit: '100' });
      if (cursor !== null) query.set('cursor', cursor);
      const page: EssencePage = await get<EssencePage>(`/api/essence?${query}`);
      entries.push(...page.ledger);
      cursor = page.nextCursor;
      const last = page.ledger[page.ledger.length - 1];
      if (cursor === null || last === undefined || Date.parse(last.createdAt) < since) break;
    }
  } catch (error) {
    showRegionProblem(host, error, 'The spend chart could not be loaded.');
    return;
  }
  const series = spendByDay(entries, SPEND_DAYS);
  destroyChart?.();
  destroyChart = null;
  const total = series.amounts.flat().reduce((a, b) => a + b, 0);
  if (series.routes.length === 0) {
    host.replaceChildren(h('p', { class: 'empty' }, `No partner calls in the last ${SPEND_DAYS} days.`));
    host.setAttribute('aria-label', `No partner spend in the last ${SPEND_DAYS} days.`);
    tableHost.replaceChildren();
    return;
  }
  host.setAttribute(
    'aria-label',
    `Stacked bar chart: ${essence(Math.round(total * 1000) / 1000)} Essence spent over the last ${SPEND_DAYS} days across ${series.routes.length} routes. The table below has the figures.`,
  );
  destroyChart = renderSpendChart(host, series);
  tableHost.replaceChildren(spendTable(series));
}

// ---------------------------------------------------------------- API keys

function keyStatus(key: ApiKey): { label: string; live: boolean } {
  if (key.revokedAt !== null) return { label: 'Revoked', live: false };
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now())
    return { label: 'Expired', live: false };
  if (key.expiresAt !== null) return { label: 'Live, expires', live: true };
  return { label: 'Live', live: true };
}

function showNewKey(created: CreatedKey, intro: string): void {
  const panel = byId('new-key');
  byId('new-key-intro').textContent = intro;
  byId('raw-key').textContent = created.key;
  byId('copy-status').textContent = '';
  show(panel, true);
  panel.focus();
}

function hideNewKey(): void {
  byId('raw-key').textContent = '';
  show(byId('new-key'), false);
}

function detail(term: string, value: string | Node): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}

function keyItem(key: ApiKey): HTMLLIElement {
  const status = keyStatus(key);
  const actions = h('div', { class: 'key-actions' });
  const item = h(
    'li',
    { class: `key-item${status.live ? '' : ' inactive'}`, 'data-key-id': key.id },
    h(
      'div',
      { class: 'key-head' },
      h('h3', {}, key.name),
      h('code', { class: 'prefix' }, `${key.prefix}…`),
      h('span', { class: `badge${status.live ? ' live' : ''}` }, status.label),
    ),
    h(
      'dl',
      { class: 'key-details' },
      ...detail('Scopes', key.scopes.join(', ')),
      ...detail(
        'Cost per call',
        key.essencePerCall === null ? 'route defaults' : `${essence(key.essencePerCall)} Essence`,
      ),
      ...detail('Created', when(key.createdAt)),
      ...detail('Last used', when(key.lastUsedAt, 'never')),
      ...detail('Expires', when(key.expiresAt, 'never')),
      ...(key.revokedAt === null ? [] : detail('Revoked', when(key.revokedAt))),
      ...detail('Id', idCopy(key.id)),
    ),
    actions,
  );
  if (status.live) actions.append(...keyActions(key, item));
  return item;
}

let copySeq = 0;

/** The key's id (it names the key in API paths) with a copy button. */
function idCopy(id: string): HTMLElement {
  const code = h('code', {}, id);
  const status = h('span', { class: 'hint', role: 'status', id: `copy-id-${++copySeq}` });
  const button = h(
    'button',
    { type: 'button', class: 'ghost small', 'aria-label': `Copy the key id ${id}` },
    'Copy',
  );
  copyButton(button, code, status);
  return h('span', { class: 'id-copy' }, code, button, status);
}

let rotateSeq = 0;

function keyActions(key: ApiKey, item: HTMLLIElement): HTMLElement[] {
  const rotateButton = h('button', { type: 'button', class: 'ghost', 'aria-expanded': 'false' }, 'Rotate…');
  const formId = `rotate-${++rotateSeq}`;
  const rotateForm = h(
    'form',
    { class: 'rotate-form', id: formId, hidden: true, novalidate: true, 'aria-label': `Rotate ${key.name}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true }),
    h(
      'div',
      { class: 'field' },
      h('label', { for: `${formId}-grace` }, 'The old key keeps working for (hours)'),
      h('input', {
        id: `${formId}-grace`,
        name: 'graceHours',
        type: 'number',
        inputmode: 'numeric',
        min: 0,
        max: 168,
        step: 1,
        value: 24,
        required: true,
      }),
    ),
    h('button', { type: 'submit' }, 'Issue the new key'),
  );
  rotateButton.setAttribute('aria-controls', formId);
  rotateButton.addEventListener('click', () => {
    const open = rotateForm.hidden;
    rotateForm.hidden = !open;
    rotateButton.setAttribute('aria-expanded', String(open));
    if (open) rotateForm.querySelector('input')?.focus();
  });
  onSubmit(rotateForm, async (data) => {
    const raw = text(data, 'graceHours');
    const graceHours = raw === '' ? 24 : Number(raw);
    const created = await post<CreatedKey>(`/api/v1/keys/${encodeURIComponent(key.id)}/rotate`, {
      graceHours,
    });
    showNewKey(
      created,
      `“${created.apiKey.name}” was rotated; the old key works for ${graceHours} more hours.`,
    );
    await loadKeys();
  });

  // Revoking is immediate and cannot be undone, so it takes a second, deliberate press.
  const revokeButton = h('button', { type: 'button', class: 'danger' }, 'Revoke');
  let armed: number | undefined;
  revokeButton.addEventListener('click', () => {
    if (armed === undefined) {
      revokeButton.textContent = 'Press again to revoke';
      byId('keys-status').textContent =
        `Press “Press again to revoke” to revoke ${key.name}; it stops working at once.`;
      armed = window.setTimeout(() => {
        armed = undefined;
        revokeButton.textContent = 'Revoke';
      }, 6000);
      return;
    }
    window.clearTimeout(armed);
    armed = undefined;
    void busy(revokeButton, async () => {
      try {
        await api('DELETE', `/api/v1/keys/${encodeURIComponent(key.id)}`);
        byId('keys-status').textContent = `${key.name} was revoked.`;
        await loadKeys();
      } catch (error) {
        revokeButton.textContent = 'Revoke';
        showRegionProblem(byId('keys-status'), error, `${key.name} could not be revoked.`);
      }
    });
  });
  item.append(rotateForm);
  return [rotateButton, revokeButton];
}

async function loadKeys(): Promise<void> {
  const list = byId('keys');
  try {
    const { keys } = await get<{ keys: ApiKey[] }>('/api/v1/keys');
    const ordered = [...keys].sort(
      (a, b) =>
        Number(keyStatus(b).live) - Number(keyStatus(a).live) || b.createdAt.localeCompare(a.createdAt),
    );
    list.replaceChildren(...ordered.map(keyItem));
    if (keys.length === 0) {
      list.replaceChildren(
        h(
          'li',
          { class: 'empty' },
          'No keys yet. Create one above to call the partner API; ',
          h('a', { href: '/docs' }, 'the API reference'),
          ' lists every route and what it costs.',
        ),
      );
    }
  } catch (error) {
    showRegionProblem(byId('keys-status'), error, 'The keys could not be loaded.');
  }
}

function wireKeyForm(): void {
  const form = byId<HTMLFormElement>('key-form');
  onSubmit(form, async (data) => {
    const name = text(data, 'name');
    const cost = text(data, 'essencePerCall');
    const expires = text(data, 'expiresAt');
    const body: Record<string, unknown> = { scopes: data.getAll('scopes') as Scope[] };
    if (name !== '') body.name = name;
    if (cost !== '') body.essencePerCall = Number(cost);
    if (expires !== '') {
      const at = new Date(expires);
      if (Number.isNaN(at.getTime())) throw new Error('The expiry is not a date and time.');
      body.expiresAt = at.toISOString();
    }
    const created = await post<CreatedKey>('/api/v1/keys', body);
    form.reset();
    clearProblem(form);
    showNewKey(created, `“${created.apiKey.name}” was created.`);
    await loadKeys();
  });

  copyButton(byId<HTMLButtonElement>('copy-key'), byId('raw-key'), byId('copy-status'));
  byId('dismiss-key').addEventListener('click', () => {
    hideNewKey();
    byId('keys-title').focus();
  });
}

// ---------------------------------------------------------------- page

async function showDashboard(user: User): Promise<void> {
  renderAccount(user);
  show(welcome, false);
  show(dashboard, true);
  byId('greeting').textContent = user.displayName ? `Welcome, ${user.displayName}` : 'Your portal';
  byId('balance').textContent = essence(user.essence);
  byId('tier').textContent = user.tier;
  await Promise.all([loadLedger(true), loadSpend(), loadKeys()]);
}

function showWelcome(): void {
  show(dashboard, false);
  show(welcome, true);
}

async function main(): Promise<void> {
  wireSignup(byId<HTMLFormElement>('signup-form'), (user) => void showDashboard(user));
  wireSignin(byId<HTMLFormElement>('signin-form'), (user) => void showDashboard(user));
  wireKeyForm();
  byId('ledger-more').addEventListener('click', (event) => {
    void busy(event.currentTarget as HTMLButtonElement, () => loadLedger(false));
  });
  byId('refresh').addEventListener('click', (event) => {
    void busy(event.currentTarget as HTMLButtonElement, () => Promise.all([loadLedger(true), loadSpend()]));
  });
  const user = await boot();
  show(loading, false);
  if (user === null) showWelcome();
  else await showDashboard(user);
}

main().catch((error: unknown) => {
  show(loading, false);
  const region = h('div', {});
  byId('main').append(region);
  showRegionProblem(region, error, 'The portal could not start.');
});
