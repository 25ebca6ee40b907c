import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({
  path: relative(SRC, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));

function importsOf(text: string): string[] {
  return [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1] as string);
}

test('the HTTP layer writes no SQL and imports no repository', () => {
  for (const { path, text } of files.filter((f) => f.path.startsWith('http/'))) {
    for (const source of importsOf(text)) {
      assert.doesNotMatch(source, /repo\.ts$|storage\/(db|raw)\.ts$/, `${path} imports ${source}`);
    }
    assert.doesNotMatch(text, /\b(insertInto|updateTable|deleteFrom|selectFrom)\(/, `${path} builds SQL`);
  }
});

test('one module writes the ledger: only the unit of work calls the ledger writers', () => {
  const writers = /\b(insertLedgerRows|settlePaidCalls|applyBalanceDelta)\(/;
  const callers = files.filter((f) => writers.test(f.text)).map((f) => f.path);
  assert.deepEqual(callers.sort(), ['domains/essence/charge.ts', 'domains/essence/repo.ts']);
  // Migrations reshape tables (a rebuild copies the ledger into its new shape); they move no balance.
  const ledgerSql = files
    .filter((f) => !f.path.startsWith('storage/migrations/'))
    .filter((f) => /insert into ledger|insertInto\('ledger'\)|update users set balance_milli/i.test(f.text))
    .map((f) => f.path);
  assert.deepEqual(ledgerSql, ['domains/essence/repo.ts']);
});

test('the unit of work and its repository import nothing from the HTTP layer', () => {
  for (const path of ['domains/essence/charge.ts', 'domains/essence/repo.ts']) {
    const file = files.find((f) => f.path === path);
    assert.ok(file, path);
    for (const source of importsOf(file.text))
      assert.doesNotMatch(source, /\/http\//, `${path} imports ${source}`);
  }
});

test('after-commit effects go through the unit of work, not a WeakMap keyed by request', () => {
  for (const { path, text } of files) assert.doesNotMatch(text, /new WeakMap<FastifyRequest/, path);
});
