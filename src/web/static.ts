import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm']);
/** Below this size gzip saves too little to be worth a header. */
const MIN_GZIP_BYTES = 1024;
const MAX_CACHED_FILES = 512;

/**
 * One file name: letters, digits, `_`, `-` and `.`, not starting with a dot. No `/` and no `\`,
 * so a name can never leave its directory, whatever the URL decoded to.
 */
export const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,254}$/;

export interface StaticFile {
  readonly body: Buffer;
  readonly gzip: Buffer | null;
  readonly etag: string;
  readonly contentType: string;
  readonly mtimeMs: number;
  readonly size: number;
}

/**
 * Files of the built front end, read from disk and kept in memory with their ETag and gzip form.
 * Every read re-checks the file's size and mtime, so a rebuild (or a deleted dist/) is seen at
 * once; the cache only saves re-reading and re-compressing unchanged files.
 */
export class StaticFiles {
  private readonly cache = new Map<string, StaticFile>();
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /**
   * The file at `dir/name` under the root (`dir` is fixed by the caller, `name` is checked), or
   * null when the name is not a plain file name or no such file exists.
   */
  async read(dir: string, name: string): Promise<StaticFile | null> {
    if (!FILE_NAME.test(name)) return null;
    const base = dir === '' ? this.root : resolve(this.root, dir);
    const path = resolve(base, name);
    // Belt and braces: FILE_NAME already keeps `name` inside `base`.
    if (!path.startsWith(base + sep)) return null;
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch {
      this.cache.delete(path);
      return null;
    }
    if (!info.isFile()) return null;
    const cached = this.cache.get(path);
    if (cached !== undefined && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;

    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      return null;
    }
    const extension = extname(name).toLowerCase();
    const file: StaticFile = {
      body,
      gzip:
        COMPRESSIBLE.has(extension) && body.length >= MIN_GZIP_BYTES ? gzipSync(body, { level: 9 }) : null,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      mtimeMs: info.mtimeMs,
      size: info.size,
    };
    if (this.cache.size >= MAX_CACHED_FILES) this.cache.clear();
    this.cache.set(path, file);
    return file;
  }
}

/** Whether the client takes gzip (`Accept-Encoding`, honouring `;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
