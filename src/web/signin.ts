import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Orrery</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1222;color:#eef0f7}
main{width:min(22rem,92vw);background:#1a1e33;padding:1.5rem;border-radius:12px}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;border-radius:8px;border:1px solid #3a4066;background:#0f1222;color:inherit}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#f5c542;color:#1a1e33;font-weight:600;cursor:pointer}
:focus-visible{outline:3px solid #7fd1ae;outline-offset:2px}#error{color:#ff8a9a;min-height:1.5em}
</style></head>
<body><main>
<h1>Sign in to Orrery</h1>
<form id="signin" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p id="error" role="alert"></p>
<button type="submit">Sign in</button>
</form>
</main><script src="/assets/signin.js"></script></body></html>`;

const SCRIPT = `(() => {
  const form = document.getElementById('signin');
  const error = document.getElementById('error');
  const params = new URLSearchParams(location.search);
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const body = { email: form.email.value, password: form.password.value };
    const response = await fetch('/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin',
    });
    if (response.ok) { location.assign(target); return; }
    const problem = await response.json().catch(() => ({}));
    error.textContent = problem.detail || 'Sign-in failed.';
  });
})();
`;

/** A minimal sign-in page: where the admin pages send a visitor without a session. */
export function signinRoutes(): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/signin',
      {
        schema: {
          hide: true,
          querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500 })) }),
        },
        config: { auth: 'none' },
      },
      async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', PAGE_CSP)
          .header('cache-control', 'no-cache')
          .send(PAGE),
    );
    app.get(
      '/assets/signin.js',
      { schema: { hide: true }, config: { auth: 'none' } },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(SCRIPT),
    );
  };
}
