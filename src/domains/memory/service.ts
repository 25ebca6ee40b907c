import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, page } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import type { Storage } from '../../storage/db.ts';
import type { Executor } from '../../storage/tx.ts';
import * as repo from './repo.ts';
import { parseQuery, toFts5, toWebsearch } from './search.ts';

export interface Memory {
  id: string;
  content: string;
  tags: string[];
  createdAt: string;
}

/** A memory as its owner sees it on the session routes: with the key that wrote it. */
export interface OwnedMemory extends Memory {
  keyId: string;
}

export interface MemoryInput {
  content: string;
  tags?: string[];
}

export interface MemoryFilter {
  q?: string;
  tag?: string;
  limit: number;
  cursor?: string;
}

const MEMORY_ID = /^mem_[0-9a-z]{26}$/;

function parseTags(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

function memoryJson(row: repo.MemoryRow): Memory {
  return {
    id: row.id,
    content: row.content,
    tags: parseTags(row.tags),
    createdAt: iso(Number(row.created_at)),
  };
}

export function ownedMemoryJson(row: repo.MemoryRow): OwnedMemory {
  return { ...memoryJson(row), keyId: row.key_id };
}

export class MemoryService {
  constructor(
    private readonly storage: Storage,
    private readonly config: Config,
  ) {}

  /**
   * Stores a memory for the key. `db` should be the debit's transaction, so the memory, its
   * tags, the key's counter and the charge commit together; when it is not a transaction (a
   * free call skips the debit's), one is opened here so those writes still go together.
   */
  async create(db: Executor, key: { id: string; userId: string }, input: MemoryInput): Promise<Memory> {
    if (input.content.trim() === '') throw AppError.field('/content', 'must contain more than whitespace');
    const tags = input.tags ?? [];
    const run = async (tx: Executor): Promise<Memory> => {
      const limit = this.config.limits.memoriesPerKey;
      if (!(await repo.takeSlot(tx, key.id, limit))) {
        throw new AppError(
          'conflict',
          `This key already holds ${limit} memories, the most a key may hold; delete some to add more.`,
        );
      }
      const now = Date.now();
      const row: repo.MemoryRow = {
        id: newId('mem', now),
        user_id: key.userId,
        key_id: key.id,
        content: input.content,
        tags: JSON.stringify(tags),
        created_at: now,
      };
      await repo.insertMemory(tx, row, tags);
      return memoryJson(row);
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  /** The key's own memories, newest first; nothing another key wrote, even the same owner's. */
  async listForKey(
    keyId: string,
    filter: MemoryFilter,
  ): Promise<{ memories: Memory[]; nextCursor: string | null }> {
    const beforeId = decodeCursor(filter.cursor, MEMORY_ID);
    let search: string | undefined;
    if (filter.q !== undefined) {
      const parsed = parseQuery(filter.q);
      // Nothing searchable in the query (only punctuation or exclusions): nothing matches.
      if (parsed.length === 0) return { memories: [], nextCursor: null };
      search = this.storage.engine === 'postgres' ? toWebsearch(parsed) : toFts5(parsed);
    }
    const rows = await repo.listForKey(this.storage.db, this.storage.engine, {
      keyId,
      ...(search === undefined ? {} : { search }),
      ...(filter.tag === undefined ? {} : { tag: filter.tag }),
      beforeId,
      limit: filter.limit + 1,
    });
    const { items, nextCursor } = page(rows, filter.limit);
    return { memories: items.map(memoryJson), nextCursor };
  }

  /** All of an owner's memories across their keys, newest first. */
  async listForOwner(
    userId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ memories: OwnedMemory[]; nextCursor: string | null }> {
    const beforeId = decodeCursor(cursor, MEMORY_ID);
    const rows = await repo.listForUser(this.storage.db, userId, { beforeId, limit: limit + 1 });
    const { items, nextCursor } = page(rows, limit);
    return { memories: items.map(ownedMemoryJson), nextCursor };
  }

  /** Deletes one of the owner's memories and frees its key's slot; someone else's is a 404. */
  async deleteOwned(userId: string, id: string): Promise<void> {
    await this.storage.db.transaction().execute(async (tx) => {
      const keyId = await repo.deleteOwned(tx, userId, id);
      if (keyId === undefined) throw AppError.notFound('memory');
      await repo.releaseSlot(tx, keyId);
    });
  }
}
