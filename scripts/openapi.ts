// Writes the OpenAPI document of a freshly built app (embedded in-memory database) to a file, or
// to stdout: `tsx scripts/openapi.ts [out.json]`. The lint step and the client generator read it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { closeDeps, createDeps } from '../src/deps.ts';

const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
const deps = await createDeps(config);
const app = await buildApp(deps);
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await closeDeps(deps);
const out = process.argv[2];
if (out === undefined || out === '-') process.stdout.write(text);
else {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
}
