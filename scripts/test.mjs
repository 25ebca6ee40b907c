#!/usr/bin/env node
// Runs node's test runner over test/**/*.test.ts (Node 20's runner takes no globs).
//   node scripts/test.mjs                 every suite
//   node scripts/test.mjs accounts keys   only test/accounts/**, test/keys/**
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...collect(path));
    else if (entry.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const only = process.argv.slice(2);
const files = (only.length ? only.map((d) => join('test', d)) : ['test']).flatMap(collect);
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
