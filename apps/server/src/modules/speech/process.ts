import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** Runs a program with a time limit; answers its stdout, or throws with its stderr tail. */
export function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err.push(chunk);
      if (err.length > 64) err.shift(); // keep only the tail
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const why =
        signal === 'SIGKILL'
          ? `timed out after ${timeoutMs} ms`
          : `exited with ${code ?? signal ?? '?'}`;
      reject(new Error(`${command} ${why}: ${Buffer.concat(err).toString('utf8').slice(-500)}`));
    });
  });
}

/** Whether an executable of that name is on PATH. */
export async function onPath(name: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      await access(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}
