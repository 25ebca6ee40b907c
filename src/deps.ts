import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';
import { AccountsService } from './domains/accounts/service.ts';
import { CosmosService } from './domains/cosmos/service.ts';
import { CouncilService } from './domains/council/service.ts';
import { DiscoveryService } from './domains/discovery/service.ts';
import { createMeter, type Meter } from './domains/essence/meter.ts';
import { EssenceService } from './domains/essence/service.ts';
import { KeysService } from './domains/keys/service.ts';
import { MemoryService } from './domains/memory/service.ts';
import { OracleService } from './domains/oracle/service.ts';
import { TrajectoryService } from './domains/trajectory/service.ts';
import { type Bus, LocalBus, RedisBus } from './storage/bus.ts';
import { type CounterStore, DatabaseCounters, RedisCounters } from './storage/counters.ts';
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
  readonly meter: Meter;
  readonly accounts: AccountsService;
  readonly keys: KeysService;
  readonly trajectory: TrajectoryService;
  readonly memory: MemoryService;
  readonly council: CouncilService;
  readonly discovery: DiscoveryService;
  readonly cosmos: CosmosService;
  readonly oracle: OracleService;
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

function connectRedis(url: string, log: Logger, name: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectionName: `orrery-${name}`,
  });
  redis.on('error', (error) => log.warn({ err: error, connection: name }, 'redis error'));
  return redis;
}

export async function createDeps(
  config: Config,
  options: { log?: Logger; migrate?: boolean } = {},
): Promise<Deps> {
  const log = options.log ?? createLogger(config);
  const storage = openStorage(config.databaseUrl);
  if (options.migrate ?? true) {
    const applied = await migrate(storage);
    if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');
  }

  let redis: Redis | null = null;
  let counters: CounterStore;
  let bus: Bus;
  if (config.redisUrl !== null) {
    redis = connectRedis(config.redisUrl, log, 'main');
    const subscriber = connectRedis(config.redisUrl, log, 'subscriber');
    await Promise.all([redis.connect(), subscriber.connect()]);
    counters = new RedisCounters(redis, `${config.redisPrefix}counter:`);
    bus = new RedisBus(redis, subscriber, `${config.redisPrefix}bus:`);
  } else {
    counters = new DatabaseCounters(storage);
    bus = new LocalBus();
  }

  const essence = new EssenceService(storage);
  const accounts = new AccountsService(storage, counters, essence, config);
  const keys = new KeysService(storage, bus, config, log);
  await keys.start();
  const trajectory = new TrajectoryService(storage, config);
  const memory = new MemoryService(storage, config);
  const council = new CouncilService(storage, config, log);
  const cosmos = new CosmosService(storage, bus, counters, config, log);
  await cosmos.start();
  const oracle = new OracleService(config.oracle);
  const discovery = new DiscoveryService(
    {
      pulse: async () => (await trajectory.pulse('24h')).pulse,
      liveObjects: async (type, limit) => (await cosmos.listLive({ type, limit })).objects,
      signals: (limit, before) => council.signalsBefore(limit, before),
    },
    config.baseUrl.origin,
    log,
  );
  return {
    config,
    log,
    storage,
    redis,
    counters,
    bus,
    essence,
    meter: createMeter(storage),
    accounts,
    keys,
    trajectory,
    memory,
    council,
    discovery,
    cosmos,
    oracle,
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.cosmos.close();
  await deps.bus.close();
  if (deps.redis) deps.redis.disconnect();
  await deps.storage.close();
}
