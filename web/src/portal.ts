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
import type {
  ApiKey,
  CreatedKey,
  EssenceAlert,
  EssencePage,
  KeyUsage,
  LedgerEntry,
  Scope,
  User,
} from './types.ts';

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
      ...detail('Rate limit', rateLimitText(key)),
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

function rateLimitText(key: ApiKey): string {
  if (key.rateLimit === null) return 'none';
  const { limit, windowSeconds } = key.rateLimit;
  return `${limit.toLocaleString('en')} calls per ${windowSeconds.toLocaleString('en')} s`;
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

let panelSeq = 0;

/** A button that shows and hides `panel` (appended to `item`), saying so to assistive technology. */
function disclosure(
  label: string,
  panel: HTMLElement,
  item: HTMLElement,
  onOpen?: () => void,
): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'ghost', 'aria-expanded': 'false' }, label);
  panel.id ||= `key-panel-${++panelSeq}`;
  panel.hidden = true;
  button.setAttribute('aria-controls', panel.id);
  button.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) {
      panel.querySelector<HTMLElement>('input, button, table')?.focus();
      onOpen?.();
    }
  });
  item.append(panel);
  return button;
}

function numberField(id: string, name: string, label: string, attributes: Record<string, string | number>) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    h('input', { id, name, type: 'number', inputmode: 'numeric', step: 1, ...attributes }),
  );
}

/** The key's rate limit: set it, change it or lift it (PATCH). */
function rateLimitForm(key: ApiKey): HTMLFormElement {
  const id = `limit-${++panelSeq}`;
  const current = key.rateLimit;
  const form = h(
    'form',
    { class: 'rotate-form', id, novalidate: true, 'aria-label': `Rate limit of ${key.name}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true }),
    numberField(`${id}-limit`, 'limit', 'Calls allowed (1–1,000,000)', {
      min: 1,
      max: 1_000_000,
      value: current?.limit ?? 600,
    }),
    numberField(`${id}-window`, 'windowSeconds', 'Per window of (seconds, 1–86,400)', {
      min: 1,
      max: 86_400,
      value: current?.windowSeconds ?? 60,
    }),
    h(
      'div',
      { class: 'key-actions' },
      h('button', { type: 'submit', name: 'action', value: 'set' }, 'Save the limit'),
      h('button', { type: 'submit', name: 'action', value: 'lift', class: 'ghost' }, 'No limit'),
    ),
  );
  let action = 'set';
  form.addEventListener('click', (event) => {
    const target = event.target;
    if (target instanceof HTMLButtonElement && target.name === 'action') action = target.value;
  });
  onSubmit(form, async (data) => {
    const rateLimit =
      action === 'lift'
        ? null
        : { limit: Number(text(data, 'limit')), windowSeconds: Number(text(data, 'windowSeconds')) };
    const updated = await api<ApiKey>('PATCH', `/api/v1/keys/${encodeURIComponent(key.id)}`, { rateLimit });
    byId('keys-status').textContent =
      updated.rateLimit === null
        ? `${updated.name} has no rate limit now.`
        : `${updated.name} is limited to ${rateLimitText(updated)}.`;
    await loadKeys();
  });
  return form;
}

const USAGE_DAYS = 7;

/** The key's calls over the last days: by outcome, and by route over the whole period. */
function usagePanel(key: ApiKey): { panel: HTMLElement; load(): void } {
  const panel = h('section', { class: 'rotate-form usage', 'aria-label': `Usage of ${key.name}` });
  const load = () => {
    panel.replaceChildren(h('p', { class: 'hint' }, 'Loading usage…'));
    get<KeyUsage>(`/api/v1/keys/${encodeURIComponent(key.id)}/usage?days=${USAGE_DAYS}`).then(
      (usage) => panel.replaceChildren(...usageTables(key, usage)),
      (error: unknown) => showRegionProblem(panel, error, 'The usage could not be loaded.'),
    );
  };
  return { panel, load };
}

function usageTables(key: ApiKey, usage: KeyUsage): HTMLElement[] {
  const head = (...labels: string[]) =>
    h('thead', {}, h('tr', {}, ...labels.map((label) => h('th', { scope: 'col' }, label))));
  const num = (label: string, value: string | number) =>
    h('td', { class: 'num', 'data-label': label }, String(value));
  const days = h(
    'table',
    { class: 'stack usage-days', tabindex: -1 },
    h('caption', {}, `Calls with ${key.name}, last ${USAGE_DAYS} days (UTC)`),
    head('Day', 'Succeeded', 'Insufficient Essence', 'Rate limited', 'Refused', 'Failed', 'Essence spent'),
    h(
      'tbody',
      {},
      ...[...usage.days]
        .reverse()
        .map((day) =>
          h(
            'tr',
            {},
            h('td', { 'data-label': 'Day' }, day.date),
            num('Succeeded', day.calls.succeeded),
            num('Insufficient Essence', day.calls.insufficientEssence),
            num('Rate limited', day.calls.rateLimited),
            num('Refused', day.calls.refused),
            num('Failed', day.calls.failed),
            num('Essence spent', essence(day.essenceSpent)),
          ),
        ),
    ),
  );
  const routes = new Map<string, { calls: number; spent: number }>();
  for (const day of usage.days) {
    for (const route of day.byRoute) {
      const total = routes.get(route.route) ?? { calls: 0, spent: 0 };
      total.calls += route.calls;
      total.spent += route.essenceSpent;
      routes.set(route.route, total);
    }
  }
  const byRoute =
    routes.size === 0
      ? h('p', { class: 'hint' }, 'No calls in this period.')
      : h(
          'table',
          { class: 'stack usage-routes' },
          h('caption', {}, 'By route, same period'),
          head('Route', 'Calls', 'Essence spent'),
          h(
            'tbody',
            {},
            ...[...routes]
              .sort((a, b) => b[1].calls - a[1].calls)
              .map(([route, total]) =>
                h(
                  'tr',
                  {},
                  h('td', { 'data-label': 'Route' }, h('code', {}, route)),
                  num('Calls', total.calls),
                  num('Essence spent', essence(Math.round(total.spent * 1000) / 1000)),
                ),
              ),
          ),
        );
  return [days, byRoute];
}

function keyActions(key: ApiKey, item: HTMLLIElement): HTMLElement[] {
  const formId = `rotate-${++panelSeq}`;
  const rotateForm = h(
    'form',
    { class: 'rotate-form', id: formId, novalidate: true, 'aria-label': `Rotate ${key.name}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true }),
    numberField(`${formId}-grace`, 'graceHours', 'The old key keeps working for (hours)', {
      min: 0,
      max: 168,
      value: 24,
      required: 'required',
    }),
    h('button', { type: 'submit' }, 'Issue the new key'),
  );
  const rotateButton = disclosure('Rotate…', rotateForm, item);
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
  const limitButton = disclosure('Rate limit…', rateLimitForm(key), item);
  const usage = usagePanel(key);
  const usageButton = disclosure('Usage', usage.panel, item, usage.load);

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
  return [usageButton, limitButton, rotateButton, revokeButton];
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

// ---------------------------------------------------------------- balance alert

function renderAlert(alert: EssenceAlert): void {
  const state = byId('alert-state');
  const input = byId<HTMLInputElement>('alert-threshold');
  input.value = alert.threshold === null ? '' : String(alert.threshold);
  state.textContent =
    alert.state === 'off'
      ? 'No alert is set.'
      : alert.state === 'armed'
        ? `Armed: you will hear when your balance drops below ${essence(alert.threshold ?? 0)} Essence.`
        : `Crossed: your balance is below ${essence(alert.threshold ?? 0)} Essence; the alert re-arms once it is back at or above it.`;
  state.dataset.state = alert.state;
}

async function loadAlert(): Promise<void> {
  try {
    renderAlert((await get<{ alert: EssenceAlert }>('/api/essence/alert')).alert);
  } catch (error) {
    showRegionProblem(byId('alert-state'), error, 'The alert could not be loaded.');
  }
}

function wireAlertForm(): void {
  onSubmit(byId<HTMLFormElement>('alert-form'), async (data) => {
    const raw = text(data, 'threshold');
    const threshold = raw === '' ? null : Number(raw);
    const { alert } = await api<{ alert: EssenceAlert }>('PUT', '/api/essence/alert', { threshold });
    renderAlert(alert);
  });
}

// ---------------------------------------------------------------- your data

function wireDeleteForm(): void {
  onSubmit(byId<HTMLFormElement>('delete-form'), async (data) => {
    await api('DELETE', '/api/account', { password: String(data.get('password') ?? '') });
    location.assign('/portal?deleted=1');
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
  await Promise.all([loadLedger(true), loadSpend(), loadKeys(), loadAlert()]);
}

function showWelcome(): void {
  show(dashboard, false);
  show(welcome, true);
  if (new URLSearchParams(location.search).has('deleted')) {
    welcome.prepend(
      h('p', { class: 'status', role: 'status' }, 'Your account and everything in it have been deleted.'),
    );
  }
}

async function main(): Promise<void> {
  wireSignup(byId<HTMLFormElement>('signup-form'), (user) => void showDashboard(user));
  wireSignin(byId<HTMLFormElement>('signin-form'), (user) => void showDashboard(user));
  wireKeyForm();
  wireAlertForm();
  wireDeleteForm();
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
