// `npm start`: builds the web front end when dist/web is missing or stale, then runs the service
// (src/main.ts under tsx) in a child process that receives this process's signals.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await buildWeb();
} catch (error) {
  console.error(`orrery: the web build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 1));
