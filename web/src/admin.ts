import './styles.css';
import { api, get, post } from './api.ts';
import { byId, h, show } from './dom.ts';
import { dateTime, essence } from './format.ts';
import { busy, onSubmit, showRegionProblem, text } from './forms.ts';
import { boot } from './session.ts';
import type { Tier, User } from './types.ts';

const TIERS: readonly Tier[] = ['free', 'plus', 'pro'];

let query = '';
let cursor: string | null = null;
let seq = 0;

function userCard(initial: User): HTMLLIElement {
  let user = initial;
  const n = ++seq;
  const facts = h('dl', { class: 'key-details' });
  const title = h('h3', {});
  const renderFacts = () => {
    title.textContent = user.email;
    facts.replaceChildren(
      h('dt', {}, 'Name'),
      h('dd', {}, user.displayName || '—'),
      h('dt', {}, 'Tier'),
      h('dd', { 'data-tier': '' }, user.tier),
      h('dt', {}, 'Role'),
      h('dd', {}, user.role),
      h('dt', {}, 'Essence'),
      h('dd', { 'data-essence': '' }, essence(user.essence)),
      h('dt', {}, 'Joined'),
      h('dd', {}, dateTime(user.createdAt)),
    );
  };
  renderFacts();

  const status = h('p', { class: 'status', role: 'status' });

  const tierForm = h(
    'form',
    { class: 'inline-form', novalidate: true, 'aria-label': `Tier of ${user.email}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true }),
    h(
      'div',
      { class: 'field' },
      h('label', { for: `tier-${n}` }, 'Tier'),
      h(
        'select',
        { id: `tier-${n}`, name: 'tier' },
        ...TIERS.map((t) => h('option', { value: t, selected: t === user.tier }, t)),
      ),
    ),
    h('button', { type: 'submit' }, 'Set tier'),
  );
  onSubmit(tierForm, async (data) => {
    const tier = text(data, 'tier');
    user = (await api<{ user: User }>('PATCH', `/api/admin/users/${encodeURIComponent(user.id)}`, { tier }))
      .user;
    renderFacts();
    status.textContent = `${user.email} is now on the ${user.tier} tier.`;
  });

  const grantForm = h(
    'form',
    { class: 'inline-form', novalidate: true, 'aria-label': `Grant Essence to ${user.email}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: -1, hidden: true }),
    h(
      'div',
      { class: 'field' },
      h('label', { for: `amount-${n}` }, 'Essence'),
      h('input', {
        id: `amount-${n}`,
        name: 'amount',
        type: 'number',
        inputmode: 'decimal',
        step: 0.001,
        required: true,
        'aria-describedby': `amount-${n}-hint`,
      }),
      h('p', { class: 'hint', id: `amount-${n}-hint` }, 'Negative to revoke; never below zero.'),
    ),
    h(
      'div',
      { class: 'field grow' },
      h('label', { for: `reason-${n}` }, 'Reason'),
      h('input', { id: `reason-${n}`, name: 'reason', maxlength: 500, required: true }),
    ),
    h('button', { type: 'submit' }, 'Grant'),
  );
  onSubmit(grantForm, async (data) => {
    const raw = text(data, 'amount');
    const result = await post<{ user: User }>(`/api/admin/users/${encodeURIComponent(user.id)}/essence`, {
      amount: raw === '' ? Number.NaN : Number(raw),
      reason: text(data, 'reason'),
    });
    user = result.user;
    renderFacts();
    grantForm.reset();
    status.textContent = `${user.email} now holds ${essence(user.essence)} Essence.`;
  });

  return h('li', { class: 'key-item', 'data-user-id': user.id }, title, facts, tierForm, grantForm, status);
}

/** Bumped by every load: an answer that arrives after a newer load was started is dropped. */
let loadGeneration = 0;

async function loadUsers(reset: boolean): Promise<void> {
  const list = byId('users');
  const status = byId('users-status');
  const params = new URLSearchParams({ limit: '20' });
  if (query !== '') params.set('q', query);
  if (!reset && cursor !== null) params.set('cursor', cursor);
  loadGeneration += 1;
  const generation = loadGeneration;
  const page = await get<{ users: User[]; nextCursor: string | null }>(`/api/admin/users?${params}`);
  if (generation !== loadGeneration) return;
  if (reset) list.replaceChildren();
  list.append(...page.users.map(userCard));
  cursor = page.nextCursor;
  show(byId('users-more'), cursor !== null);
  status.textContent =
    list.childElementCount === 0
      ? query === ''
        ? 'No accounts yet.'
        : `No account matches “${query}”.`
      : `${list.childElementCount} ${list.childElementCount === 1 ? 'account' : 'accounts'} shown.`;
}

async function main(): Promise<void> {
  const user = await boot();
  show(byId('loading'), false);
  if (user === null || user.role !== 'admin') {
    show(byId('not-admin'), true);
    return;
  }
  show(byId('admin-page'), true);
  const form = byId<HTMLFormElement>('find-form');
  onSubmit(form, async (data) => {
    query = text(data, 'q');
    cursor = null;
    await loadUsers(true);
  });
  byId('users-more').addEventListener('click', (event) => {
    void busy(event.currentTarget as HTMLButtonElement, () =>
      loadUsers(false).catch((error: unknown) => showRegionProblem(byId('users-status'), error)),
    );
  });
  try {
    await loadUsers(true);
  } catch (error) {
    showRegionProblem(byId('users-status'), error, 'The accounts could not be loaded.');
  }
}

main().catch((error: unknown) => showRegionProblem(byId('users-status'), error, 'The page could not start.'));
