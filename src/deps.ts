import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';
import { PersonalDataService } from './domains/accounts/personal-data.ts';
import { AccountsService } from './domains/accounts/service.ts';
import { cosmosSection } from './domains/cosmos/personal-data.ts';
import { CosmosService } from './domains/cosmos/service.ts';
import { CouncilService } from './domains/council/service.ts';
import { DiscoveryService } from './domains/discovery/service.ts';
import { Charger } from './domains/essence/charge.ts';
import { ledgerSection } from './domains/essence/personal-data.ts';
import { alertThresholds } from './domains/essence/repo.ts';
import { EssenceService } from './domains/essence/service.ts';
import { keysSection } from './domains/keys/personal-data.ts';
import { KeysService } from './domains/keys/service.ts';
import { memoriesSection } from './domains/memory/personal-data.ts';
import { MemoryService } from './domains/memory/service.ts';
import { OracleService } from './domains/oracle/service.ts';
import { checkinsSection } from './domains/trajectory/personal-data.ts';
import { TrajectoryService } from './domains/trajectory/service.ts';
import { essenceLowListener, essenceLowWatch } from './domains/webhooks/essence-low.ts';
import { webhooksSection } from './domains/webhooks/personal-data.ts';
import { WebhooksService } from './domains/webhooks/service.ts';
import { type Bus, LocalBus, RedisBus } from './storage/bus.ts';
import {
  CoalescingCounters,
  type CounterStore,
  DatabaseCounters,
  FallbackCounters,
  RedisCounters,
} from './storage/counters.ts';
import { openStorage, type Storage } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';

/** Everything the HTTP app and the CLI need, built once per process. */
export interface Deps {
  readonly config: Config;
  readonly log: Logger;
  readonly storage: Storage;
  readonly redis: Redis | null;
  readonly counters: CounterStore;
  readonly bus: Bus;
  readonly essence: EssenceService;
  /** The charge unit of work: every balance change, with group commit. */
  readonly charger: Charger;
  readonly accounts: AccountsService;
  readonly keys: KeysService;
  readonly trajectory: TrajectoryService;
  readonly memory: MemoryService;
  readonly council: CouncilService;
  readonly discovery: DiscoveryService;
  readonly cosmos: CosmosService;
  readonly oracle: OracleService;
  readonly webhooks: WebhooksService;
  readonly personalData: PersonalDataService;
}

/** Raw headers that carry credentials never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
  'password',
  '*.password',
];

export function createLogger(config: Config): Logger {
  const options = { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  const humans =
    config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  if (!humans) return pino(options);
  // Synchronous, in this thread: a terminal is a developer's, and lines stay in order with stderr.
  return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

/**
 * Every Redis command is bounded: it fails at once while the connection is down (no offline
 * queue: a command never waits for a reconnect), and after `redisCommandMs` when Redis is silent.
 * The connection itself retries in the background, so Redis coming back needs no restart. The
 * subscriber keeps an offline queue: it only ever holds SUBSCRIBE commands (one per channel).
 */
function connectRedis(config: Config, url: string, log: Logger, name: 'main' | 'subscriber'): Redis {
  const { redisConnectMs, redisCommandMs } = config.timeouts;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: redisConnectMs,
    ...(name === 'main' ? { commandTimeout: redisCommandMs } : {}),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: name === 'subscriber',
    connectionName: `orrery-${name}`,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // ioredis reports every failed reconnect; one line per change of state is enough.
  let reported = false;
  redis.on('error', (error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error, connection: name }, 'redis connection failed; retrying in the background');
  });
  redis.on('ready', () => {
    if (reported) log.info({ connection: name }, 'redis connection is back');
    reported = false;
  });
  return redis;
}

export async function createDeps(
  config: Config,
  options: { log?: Logger; migrate?: boolean } = {},
): Promise<Deps> {
  const log = options.log ?? createLogger(config);
  const storage = openStorage(config.databaseUrl, config.timeouts);
  if (options.migrate ?? true) {
    // Migrations may legitimately run longer than a request's statement limit.
    const migrator = storage.engine === 'postgres' ? openStorage(config.databaseUrl) : storage;
    try {
      const applied = await migrate(migrator);
      if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');
    } finally {
      if (migrator !== storage) await migrator.close();
    }
  }

  let redis: Redis | null = null;
  let counters: CounterStore;
  let bus: Bus;
  if (config.redisUrl !== null) {
    redis = connectRedis(config, config.redisUrl, log, 'main');
    const subscriber = connectRedis(config, config.redisUrl, log, 'subscriber');
    // Start-up does not wait for a Redis that is down: counters use the database until it is back.
    const connecting = Promise.allSettled([redis.connect(), subscriber.connect()]);
    await Promise.race([connecting, sleep(config.timeouts.redisConnectMs)]);
    counters = new CoalescingCounters(
      new FallbackCounters(
        new RedisCounters(redis, `${config.redisPrefix}counter:`),
        new DatabaseCounters(storage),
        () => redis?.status === 'ready',
        config.timeouts.redisRetryMs,
        log,
      ),
    );
    bus = new RedisBus(redis, subscriber, `${config.redisPrefix}bus:`, log);
  } else {
    counters = new CoalescingCounters(new DatabaseCounters(storage));
    bus = new LocalBus();
  }

  const charger = new Charger(storage, log);
  const essence = new EssenceService(storage, charger);
  const accounts = new AccountsService(storage, counters, essence, config);
  const keys = new KeysService(storage, bus, config, log);
  await keys.start();
  const trajectory = new TrajectoryService(storage, config);
  const memory = new MemoryService(storage, config);
  const council = new CouncilService(storage, config, log);
  const cosmos = new CosmosService(storage, bus, config, log);
  await cosmos.start();
  const oracle = new OracleService({ ...config.oracle, crisisResources: config.crisisResources });
  const webhooks = new WebhooksService(storage, config.webhooks, log);
  charger.onBalanceMoves(essenceLowListener(alertThresholds), essenceLowWatch(alertThresholds));
  const discovery = new DiscoveryService(
    {
      pulse: async () => (await trajectory.pulse('24h')).pulse,
      liveObjects: async (type, limit) => (await cosmos.listLive({ type, limit })).objects,
      signals: (limit, before) => council.signalsBefore(limit, before),
    },
    config.baseUrl.origin,
    log,
  );
  // What a person's export holds and their erasure removes, in export order (the user comes
  // first, sessions and the user row last). A domain that stores rows about a person adds its
  // section here.
  const personalData = new PersonalDataService(storage, counters, config, log, [
    checkinsSection(trajectory),
    memoriesSection(storage.db),
    keysSection(storage.db, keys),
    ledgerSection(storage.db),
    webhooksSection(webhooks),
    cosmosSection(),
  ]);
  return {
    config,
    log,
    storage,
    redis,
    counters,
    bus,
    essence,
    charger,
    accounts,
    keys,
    trajectory,
    memory,
    council,
    discovery,
    cosmos,
    oracle,
    webhooks,
    personalData,
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.charger.close();
  await deps.keys.close();
  await deps.webhooks.close();
  await deps.cosmos.close();
  await deps.trajectory.close();
  await deps.bus.close();
  if (deps.redis) deps.redis.disconnect();
  await deps.storage.close();
}
