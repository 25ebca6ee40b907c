import { parseFeed } from 'feedsmith';
import { canonicalLink, normaliseSpace, stripMarkup, truncateAtWord } from './text.ts';

/** One feed entry as the Council reads it, whatever the feed's format. */
export interface FeedEntry {
  /** Plain text, markup stripped. */
  readonly title: string;
  /** Canonical link (see `canonicalLink`). */
  readonly link: string;
  /** Plain text of the entry's description, summary or content. */
  readonly text: string;
  readonly publishedAt: number | null;
}

export interface ParsedFeed {
  readonly format: 'rss' | 'atom' | 'rdf' | 'json';
  readonly title: string | null;
  readonly entries: FeedEntry[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

/** Entries read from one document at most; feeds list newest first, so these are the newest. */
export const MAX_ENTRIES = 100;
const TITLE_LIMIT = 300;

// Atom text constructs parse to `{value, type}`; other formats give plain strings.
type TextLike = string | { value?: string } | undefined | null;

function textOf(value: TextLike): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : (value.value ?? '');
}

function dateOf(...candidates: (string | undefined | null)[]): number | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const time = Date.parse(candidate.trim());
    if (Number.isFinite(time)) return time;
  }
  return null;
}

interface RawEntry {
  title: string;
  links: (string | undefined | null)[];
  body: string;
  publishedAt: number | null;
}

function entry(raw: RawEntry, base: string): FeedEntry | null {
  let link: string | null = null;
  for (const candidate of raw.links) {
    link = candidate ? canonicalLink(candidate, base) : null;
    if (link !== null) break;
  }
  if (link === null) return null;
  const text = stripMarkup(raw.body);
  let title = stripMarkup(raw.title);
  if (title === '') title = truncateAtWord(text, 120);
  if (title === '') return null;
  return {
    title: truncateAtWord(normaliseSpace(title), TITLE_LIMIT),
    link,
    text,
    publishedAt: raw.publishedAt,
  };
}

/**
 * Reads RSS 0.9x/2.0, Atom 0.3/1.0, RDF (RSS 1.0) and JSON Feed 1.x. Entries without a usable
 * http(s) link are skipped (a signal always links to its source); relative links resolve against
 * the feed's own URL. A document that is none of these formats throws `FeedParseError`.
 */
export function parseFeedDocument(document: string, feedUrl: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed<string>>;
  try {
    parsed = parseFeed<string>(document, { maxItems: MAX_ENTRIES });
  } catch (error) {
    throw new FeedParseError(
      `not a readable feed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const raws: RawEntry[] = [];
  let title: string | null = null;
  switch (parsed.format) {
    case 'rss': {
      title = textOf(parsed.feed.title);
      for (const item of parsed.feed.items ?? []) {
        const guid = item.guid;
        raws.push({
          title: textOf(item.title),
          links: [item.link, guid && guid.isPermaLink !== false ? guid.value : undefined],
          body: item.description ?? item.content?.encoded ?? '',
          publishedAt: dateOf(item.pubDate, item.dc?.dates?.[0]),
        });
      }
      break;
    }
    case 'atom': {
      title = textOf(parsed.feed.title as TextLike);
      for (const item of parsed.feed.entries ?? []) {
        const links = item.links ?? [];
        const alternate = links
          .filter((l) => l.rel === undefined || l.rel === 'alternate')
          .map((l) => l.href);
        raws.push({
          title: textOf(item.title as TextLike),
          links: [...alternate, ...links.map((l) => l.href), item.id],
          body: textOf(item.summary) || textOf(item.content),
          publishedAt: dateOf(item.published, item.updated),
        });
      }
      break;
    }
    case 'rdf': {
      title = textOf(parsed.feed.title);
      for (const item of parsed.feed.items ?? []) {
        raws.push({
          title: textOf(item.title),
          links: [item.link, item.rdf?.about],
          body: item.description ?? item.content?.encoded ?? '',
          publishedAt: dateOf(item.dc?.dates?.[0]),
        });
      }
      break;
    }
    case 'json': {
      title = textOf(parsed.feed.title);
      for (const item of parsed.feed.items ?? []) {
        raws.push({
          title: textOf(item.title),
          links: [item.url, item.external_url, item.id],
          body: item.summary ?? item.content_html ?? item.content_text ?? '',
          publishedAt: dateOf(item.date_published, item.date_modified),
        });
      }
      break;
    }
  }
  const entries: FeedEntry[] = [];
  for (const raw of raws) {
    const read = entry(raw, feedUrl);
    if (read !== null) entries.push(read);
  }
  const cleanTitle = title ? truncateAtWord(normaliseSpace(stripMarkup(title)), 120) : '';
  return { format: parsed.format, title: cleanTitle === '' ? null : cleanTitle, entries };
}
