import { post } from './api.ts';
import { onSubmit, text } from './forms.ts';
import type { User } from './types.ts';

/** Sign-in form: `email`, `password` → POST /api/auth/login. */
export function wireSignin(form: HTMLFormElement, done: (user: User) => void): void {
  onSubmit(form, async (data) => {
    const { user } = await post<{ user: User }>('/api/auth/login', {
      email: text(data, 'email'),
      password: String(data.get('password') ?? ''),
    });
    done(user);
  });
}

/** Sign-up form: `email`, `password`, optional `displayName` → POST /api/auth/signup. */
export function wireSignup(form: HTMLFormElement, done: (user: User) => void): void {
  onSubmit(form, async (data) => {
    const displayName = text(data, 'displayName');
    const { user } = await post<{ user: User }>('/api/auth/signup', {
      email: text(data, 'email'),
      password: String(data.get('password') ?? ''),
      ...(displayName === '' ? {} : { displayName }),
    });
    done(user);
  });
}
