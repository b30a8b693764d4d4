// The operator CLI run in process, as `runCli(argv, io, config)` with its output captured.
import { expect } from 'vitest';
import { runCli } from '../../src/cli.js';
import type { Config } from '../../src/config.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in process; `stdin` is what standard input holds (for --password-stdin). */
export async function cli(config: Config, argv: string[], stdin?: string): Promise<CliResult> {
  const result = { stdout: '', stderr: '' };
  const io = {
    stdout: (t: string) => void (result.stdout += t),
    stderr: (t: string) => void (result.stderr += t),
    stdin: async () => stdin ?? '',
  };
  const code = await runCli(argv, io, config);
  return { code, ...result };
}

/** The single JSON document a `--json` command printed: exactly one line on stdout. */
export function json(result: CliResult): unknown {
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout);
}
