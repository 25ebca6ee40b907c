// Builds the web front end (web/ → dist/web) when it is missing or older than its sources.
//   node scripts/build-web.mjs           build only when needed
//   node scripts/build-web.mjs --force   always build
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'web');
const stamp = join(root, 'dist', 'web', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Why a build is needed, or null when dist/web is current. */
export function buildReason() {
  if (!existsSync(stamp)) return 'dist/web is missing';
  const inputs = Math.max(newestMtime(sources), statSync(join(root, 'package-lock.json')).mtimeMs);
  return inputs > statSync(stamp).mtimeMs ? 'the sources in web/ changed since the last build' : null;
}

export async function buildWeb({ force = false } = {}) {
  const reason = force ? 'a build was asked for' : buildReason();
  if (reason === null) return false;
  console.log(`orrery: building the web front end (${reason}) → dist/web`);
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(sources, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`orrery: web front end built in ${Date.now() - started} ms`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWeb({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(`orrery: the web build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
