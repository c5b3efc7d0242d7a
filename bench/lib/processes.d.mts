// Types of processes.mjs for the TypeScript benches (bench/calls.ts).
import type { ChildProcess } from 'node:child_process';

export function benchEnv(extra?: Record<string, string>): Record<string, string> & {
  DATA_DIR: string;
  DATABASE_URL?: string;
};
export function startProcess(
  args: string[],
  env: Record<string, string | undefined>,
  readyPath: string,
): Promise<{ child: ChildProcess; url: string }>;
export function stop(child: ChildProcess): Promise<void>;
