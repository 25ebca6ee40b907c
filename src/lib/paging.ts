import { AppError } from '../http/errors.ts';

/** Cursors are opaque to clients: the base64url of the last row's sortable id. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined, idPattern: RegExp): string | null {
  if (cursor === undefined) return null;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!idPattern.test(decoded)) throw AppError.field('/query/cursor', 'is not a cursor from a previous page');
  return decoded;
}

/** Rows fetched with `limit + 1`: returns the page and the cursor of the next one, if any. */
export function page<T extends { id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: last ? encodeCursor(last.id) : null };
}
