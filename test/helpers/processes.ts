import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts test/fixtures/server.ts as its own process and waits until it listens. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/server.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in 30 s: ${stderr}`)), 30_000);
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${stderr}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Runs `orrery <args>` (src/cli.ts) to completion with only PATH and `env` in its environment. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
