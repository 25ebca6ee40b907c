import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORD, signup, startTestApp, uniqueEmail } from '../helpers/app.ts';
import { runCli } from '../helpers/processes.ts';

const run = (args: string[], env: Record<string, string>) => runCli(args, { LOG_LEVEL: 'silent', ...env });

test('orrery admin create never replaces an existing password unless asked, and says what it did', async () => {
  const t = await startTestApp();
  try {
    const env = { DATABASE_URL: t.databaseUrl };
    const member = await signup(t.app);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.user.email, password },
      });

    const promoted = await run(
      ['admin', 'create', '--email', member.user.email, '--password', 'another long password'],
      env,
    );
    assert.equal(promoted.code, 0, promoted.stderr);
    assert.match(
      promoted.stdout,
      /^promoted .* to administrator; password unchanged \(pass --reset-password to replace it\)\n$/,
    );
    assert.equal((await login(PASSWORD)).statusCode, 200);
    assert.equal((await login('another long password')).statusCode, 401);

    const again = await run(['admin', 'create', '--email', member.user.email], env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /is already an administrator; password unchanged/);

    const reset = await run(
      [
        'admin',
        'create',
        '--email',
        member.user.email,
        '--password',
        'another long password',
        '--reset-password',
      ],
      env,
    );
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /is already an administrator; password replaced\n$/);
    assert.equal((await login('another long password')).statusCode, 200);

    const email = uniqueEmail('boss');
    const created = await run(['admin', 'create', '--email', email, '--password', PASSWORD], env);
    assert.match(
      created.stdout,
      new RegExp(`^created administrator ${email.replace(/[.]/g, '\\.')} \\(usr_`),
    );
    const missing = await run(['admin', 'create', '--email', uniqueEmail('nobody')], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /password is needed to create the account/);
  } finally {
    await t.close();
  }
});
