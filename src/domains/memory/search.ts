/**
 * Full-text queries with the semantics of PostgreSQL's `websearch_to_tsquery`: words are ANDed,
 * `"quoted words"` must appear as a phrase, `or` between terms offers alternatives, `-word`
 * excludes. A query is parsed once here and then written out for each engine: as an FTS5
 * expression for SQLite, where every term becomes a quoted FTS5 string so nothing a user types
 * is read as FTS5 syntax (column filters, NEAR, `*`) or fails to parse; and as a normalised
 * websearch string for PostgreSQL. Alternatives made only of exclusions are dropped on both:
 * FTS5 cannot express them, and "everything but a word" is not a search.
 */

interface Term {
  text: string;
  negated: boolean;
}

/** OR-alternatives, each a list of ANDed terms with at least one positive term. */
export type ParsedQuery = Term[][];

const SEARCHABLE = /[\p{L}\p{N}]/u;

/** Parses a query; the result is empty when nothing in it can be searched for. */
export function parseQuery(query: string): ParsedQuery {
  const groups: Term[][] = [[]];
  for (const match of query.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const quoted = match[2];
    const bare = match[3];
    if (bare !== undefined && bare.toLowerCase() === 'or') {
      if ((groups.at(-1) ?? []).length > 0) groups.push([]);
      continue;
    }
    const negated = quoted !== undefined ? match[1] === '-' : (bare ?? '').startsWith('-');
    const text = (quoted ?? (bare ?? '').replace(/^-+/, '')).replace(/"/g, ' ').trim();
    if (!SEARCHABLE.test(text)) continue;
    groups.at(-1)?.push({ text, negated });
  }
  return groups.filter((group) => group.some((term) => !term.negated));
}

/** The SQLite FTS5 MATCH expression of a parsed, non-empty query. */
export function toFts5(query: ParsedQuery): string {
  const quote = (text: string) => `"${text}"`;
  return query
    .map((group) => {
      const positive = group.filter((t) => !t.negated).map((t) => quote(t.text));
      const negative = group.filter((t) => t.negated).map((t) => quote(t.text));
      const all = `(${positive.join(' AND ')})`;
      return negative.length === 0 ? all : `(${all} NOT ${negative.join(' NOT ')})`;
    })
    .join(' OR ');
}

/** The same query as text for PostgreSQL's `websearch_to_tsquery`. */
export function toWebsearch(query: ParsedQuery): string {
  return query
    .map((group) =>
      group.map((t) => `${t.negated ? '-' : ''}${/\s/.test(t.text) ? `"${t.text}"` : t.text}`).join(' '),
    )
    .join(' or ');
}
