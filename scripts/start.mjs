// `npm start`: builds the web front end when dist/web is missing or stale, then runs the service
// (src/main.ts under tsx) in a child process that receives this process's signals.
//
// npm runs scripts through `sh -c`; dash (Debian's sh) passes no SIGTERM or SIGINT on to its
// child, so package.json starts this with `exec` (npm then signals this process directly). In
// case a shell still stands between (another npm or shell configuration), two more ways to learn
// that it is time to stop: this process notices it was orphaned (its parent changed), and the
// service notices this process is gone (its IPC channel to us closes).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const parent = process.ppid;

try {
  await buildWeb();
} catch (error) {
  console.error(`orrery: the web build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
let stopping = false;
const stop = (signal) => {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => stop(signal));
}
const orphaned = setInterval(() => {
  if (!stopping && process.ppid !== parent) stop('SIGTERM');
}, 250);
orphaned.unref();
child.on('exit', (code) => process.exit(code ?? 1));
