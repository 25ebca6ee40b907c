import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** What a repository runs its SQL on: the pool, or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
