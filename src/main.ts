import { buildApp } from './app.ts';
import { ConfigError, defaultBaseUrl, loadConfig } from './config.ts';
import { closeDeps, createDeps } from './deps.ts';
import { describeAdminOutcome } from './domains/accounts/service.ts';
import { CouncilJob } from './domains/council/job.ts';

/** The service process: parse config, open storage, build the app, listen, drain on SIGTERM. */
export async function serve(env: NodeJS.ProcessEnv): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`orrery: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const deps = await createDeps(config);
  if (config.admin) {
    // Start-up never replaces an existing account's password; `orrery admin create
    // --reset-password` does, when asked.
    const outcome = await deps.accounts.ensureAdmin(config.admin.email, config.admin.password);
    deps.log.info({ userId: outcome.user.id }, describeAdminOutcome(outcome));
  }
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  // With PORT=0 and no ORRERY_BASE_URL the port is only known now.
  const address = app.server.address();
  const base =
    config.port === 0 && env.ORRERY_BASE_URL === undefined && typeof address === 'object' && address !== null
      ? defaultBaseUrl(config.host, address.port)
      : config.baseUrl.origin;
  deps.log.info(
    { url: base, database: deps.storage.engine, redis: deps.redis !== null },
    `orrery is serving at ${base} (reference: ${base}/docs)`,
  );
  const councilJob = new CouncilJob(deps.storage, deps.council, config.council.intervalMinutes, deps.log);
  councilJob.start();
  deps.cosmos.startSweeper();
  deps.webhooks.startWorker();
  deps.keys.startEndSweeper();
  deps.trajectory.startDailyPulseJob(deps.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'draining in-flight requests');
    const force = setTimeout(() => {
      deps.log.error('drain took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // Idle keep-alive sockets close at once; a socket that connected but never sent a request
    // would hold the drain until Node's header timeout, so halfway through the grace every
    // remaining connection is closed.
    const sever = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs / 2);
    sever.unref();
    try {
      await app.close();
      await councilJob.stop();
      await closeDeps(deps);
      deps.log.info('stopped');
      process.exit(0);
    } catch (error) {
      deps.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Under `npm start` (scripts/start.mjs) the service has an IPC channel to that process: when it
  // is gone, however it went, nobody is left to stop the service, so it stops itself.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('parent exited'));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve(process.env).catch((error: unknown) => {
    process.stderr.write(
      `orrery: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
