import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { closeDeps, createDeps } from './deps.ts';
import { describeAdminOutcome } from './domains/accounts/service.ts';
import { COUNCIL_USAGE, councilCommand } from './domains/council/cli.ts';
import { seedTrajectories } from './domains/trajectory/seed.ts';
import { AppError } from './http/errors.ts';
import { serve } from './main.ts';
import { openStorage } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';

const USAGE = `Usage: orrery <command> [options]

Commands:
  serve                                  Run the service (same as npm start)
  migrate                                Apply pending database migrations and exit
  admin create --email E [--password P] [--reset-password]
                                         Create an administrator, or promote an existing
                                         account (its password stays unless --reset-password);
                                         password from --password or ORRERY_ADMIN_PASSWORD
${COUNCIL_USAGE}
  seed [--checkins N] [--people P] [--days D] [--seed S]
                                         Load synthetic people and check-ins (benchmarks,
                                         demos); defaults 1,000,000 / 50,000 / 7 days

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
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'reset-password': { type: 'boolean' },
        },
        strict: true,
      });
      const email = values.email ?? config.admin?.email;
      const password = values.password ?? process.env.ORRERY_ADMIN_PASSWORD ?? null;
      if (!email) fail('admin create needs --email', 2);
      if (password !== null && (password.length < 10 || password.length > 256)) {
        fail('admin create needs a password of 10..256 characters (--password or ORRERY_ADMIN_PASSWORD)', 2);
      }
      const deps = await createDeps({ ...config, logLevel: 'warn' });
      try {
        const outcome = await deps.accounts.ensureAdmin(email, password, 'cli', {
          resetPassword: values['reset-password'] === true,
        });
        process.stdout.write(`${describeAdminOutcome(outcome)}\n`);
      } catch (error) {
        if (error instanceof AppError)
          fail(`admin create: the password ${error.errors?.[0]?.message ?? error.message}`, 2);
        throw error;
      } finally {
        await closeDeps(deps);
      }
      return;
    }
    case 'seed':
      await seedCommand(rest, config);
      return;
    case 'council':
      process.exitCode = await councilCommand(rest, config);
      return;
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

function count(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(parsed) || parsed < min) fail(`seed: --${name} must be an integer ≥ ${min}`, 2);
  return parsed;
}

async function seedCommand(args: string[], config: ReturnType<typeof loadConfig>): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      checkins: { type: 'string' },
      people: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  const options = {
    checkins: count(values.checkins, 1_000_000, 'checkins', 0),
    people: count(values.people, 50_000, 'people', 1),
    days: count(values.days, 7, 'days', 1),
    seed: count(values.seed, 1, 'seed', 0),
    progress: true,
  };
  const storage = openStorage(config.databaseUrl);
  try {
    await migrate(storage);
    process.stderr.write(
      `seeding ${options.checkins.toLocaleString('en-US')} check-ins by ${options.people.toLocaleString('en-US')} people over ${options.days} days into ${storage.engine}\n`,
    );
    const result = await seedTrajectories(storage, options);
    process.stdout.write(
      `seeded ${result.people.toLocaleString('en-US')} people and ${result.checkins.toLocaleString('en-US')} check-ins in ${result.seconds.toFixed(1)} s\n`,
    );
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
