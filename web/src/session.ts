import { ApiError, api, get } from './api.ts';
import { h } from './dom.ts';
import type { User } from './types.ts';

/** The signed-in account, or null when there is no session (any other failure is thrown). */
export async function currentUser(): Promise<User | null> {
  try {
    return (await get<{ user: User }>('/api/auth/me')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await api('POST', '/api/auth/logout', {});
}

/** Where to go after signing in: a same-site path only, never another origin. */
export function safeNext(raw: string | null, fallback = '/portal'): string {
  if (raw === null || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Back to the sign-in page would loop.
  return raw === '/signin' || raw.startsWith('/signin?') ? fallback : raw;
}

/** Fills the header's account area and shows the admin link to administrators. */
export function renderAccount(user: User | null): void {
  const area = document.getElementById('account');
  for (const el of document.querySelectorAll<HTMLElement>('[data-admin-only]')) {
    el.hidden = user?.role !== 'admin';
  }
  if (area === null) return;
  if (user === null) {
    const next = encodeURIComponent(location.pathname + location.search);
    const onSignin = location.pathname === '/signin';
    area.replaceChildren(
      onSignin ? '' : h('a', { href: `/signin?next=${next}`, class: 'button ghost' }, 'Sign in'),
    );
    return;
  }
  const button = h('button', { type: 'button', class: 'ghost' }, 'Sign out');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await signOut();
    } finally {
      location.assign('/');
    }
  });
  area.replaceChildren(
    h(
      'span',
      { class: 'who' },
      h('span', { class: 'visually-hidden' }, 'Signed in as '),
      user.displayName || user.email,
    ),
    button,
  );
}

/** Resolves the session once per page load and renders the header for it. */
export async function boot(): Promise<User | null> {
  let user: User | null = null;
  try {
    user = await currentUser();
  } catch {
    user = null;
  }
  renderAccount(user);
  return user;
}
