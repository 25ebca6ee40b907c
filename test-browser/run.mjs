#!/usr/bin/env node
// The browser tests: build the web front end, then run test-browser/*.test.ts with node's test
// runner. Each test file starts its own service process and drives Debian's Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium) through playwright-core. Screenshots land in
// test-results/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from '../scripts/build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`test:browser: no Chromium at ${chromium}; install it with apt-get install -y chromium`);
  process.exit(1);
}

await buildWeb({ force: true });

const dir = join(root, 'test-browser');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort()
  .map((f) => join('test-browser', f));
if (files.length === 0) {
  console.error('test:browser: no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
