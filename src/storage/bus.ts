import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type BusHandler = (message: string) => void;

/**
 * Messages between instances of Orrery (key revocations, cosmos events). With Redis every
 * instance hears every message; without it only this process does, and whatever must reach
 * other instances falls back to short cache lifetimes.
 */
export interface Bus {
  readonly shared: boolean;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  readonly shared = false;
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<void> {
    this.emitter.on(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements Bus {
  readonly shared = true;
  private readonly handlers = new Map<string, Set<BusHandler>>();

  /** `subscriber` must be a dedicated connection: a subscribed Redis connection can do nothing else. */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly namespace = 'orrery:bus:',
    private readonly log: { warn(o: object, m: string): void } = console,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      const set = this.handlers.get(channel.slice(this.namespace.length));
      if (!set) return;
      for (const handler of set) handler(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.namespace + channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      // Not awaited: with Redis down at start-up the SUBSCRIBE waits in the subscriber's queue
      // (and ioredis subscribes again after every reconnect); meanwhile whatever the messages
      // carry is bounded by other means (key cache lifetime, the event log).
      const pending = this.subscriber.subscribe(this.namespace + channel).catch((error: unknown) => {
        this.log.warn({ err: error, channel }, 'could not subscribe to a bus channel');
      });
      if (this.subscriber.status === 'ready') {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
        clearTimeout(timer);
      }
    }
    set.add(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.subscriber.disconnect();
  }
}
