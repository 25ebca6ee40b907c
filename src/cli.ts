import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { closeDeps, createDeps } from './deps.ts';
import { serve } from './main.ts';
import { openStorage } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';

const USAGE = `Usage: orrery <command> [options]

Commands:
  serve                                  Run the service (same as npm start)
  migrate                                Apply pending database migrations and exit
  admin create --email E [--password P]  Create or promote an administrator
                                         (password from --password or ORRERY_ADMIN_PASSWORD)

Configuration comes from the environment (see README.md); DATABASE_URL selects the database.`;

function fail(message: string, code = 1): never {
  process.stderr.write(`orrery: ${message}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}`, 2);
    throw error;
  }

  switch (command) {
    case 'serve':
      await serve(process.env);
      return;
    case 'migrate': {
      const storage = openStorage(config.databaseUrl);
      const applied = await migrate(storage);
      await storage.close();
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
      return;
    }
    case 'admin': {
      const [sub, ...options] = rest;
      if (sub !== 'create') fail(`unknown admin command '${sub ?? ''}'\n\n${USAGE}`, 2);
      const { values } = parseArgs({
        args: options,
        options: { email: { type: 'string' }, password: { type: 'string' } },
        strict: true,
      });
      const email = values.email ?? config.admin?.email;
      const password = values.password ?? process.env.ORRERY_ADMIN_PASSWORD;
      if (!email) fail('admin create needs --email', 2);
      if (!password || password.length < 10 || password.length > 256) {
        fail('admin create needs a password of 10..256 characters (--password or ORRERY_ADMIN_PASSWORD)', 2);
      }
      const deps = await createDeps({ ...config, logLevel: 'warn' });
      const { user, created } = await deps.accounts.ensureAdmin(email, password, 'cli');
      await closeDeps(deps);
      process.stdout.write(`${created ? 'created' : 'promoted'} administrator ${user.email} (${user.id})\n`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      fail(`unknown command '${command}'\n\n${USAGE}`, 2);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
