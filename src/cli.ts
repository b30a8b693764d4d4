#!/usr/bin/env node
// The operator CLI: `npm run cli -- <command>` or `quartermaster <command>`. Errors go to stderr as
// `Error: …` with exit code 1; `--json` prints machine-readable output on stdout.
import './node-version-guard.js';
import { realpathSync } from 'node:fs';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { CommanderError } from 'commander';
import { describeError, type CliIo } from './cli/command-kit.js';
import { buildProgram } from './cli/program.js';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config.js';
import { runInContext, type WorkContext } from './lib/work-context.js';

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  stderrColumns: process.stderr.isTTY ? () => process.stderr.columns || 80 : undefined,
};

function cliContext(): WorkContext {
  let name: string | null;
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? null; // no passwd entry for the process's uid (some containers)
  }
  return { request_id: null, ip: null, actor: () => ({ type: 'cli', user_id: null, token_id: null, name }) };
}

/** Runs one CLI invocation and returns its exit code. */
export async function runCli(argv: string[], io: CliIo = processIo, config?: Config): Promise<number> {
  try {
    const program = buildProgram(config ?? loadConfig(), io);
    // What a command changes is recorded in the audit log as the CLI's, by the shell user who ran it.
    await runInContext(cliContext(), () => program.parseAsync(argv, { from: 'user' }));
    return 0;
  } catch (error) {
    // Commander has printed its message (`Error: …`, or the help or version asked for).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    io.stderr(`Error: ${describeError(error)}\n`);
    return 1;
  }
}

/** The CLI as a person starts it: `.env` of the working directory read first (docs/configuration.md). */
async function runWithEnvFile(argv: string[]): Promise<number> {
  try {
    loadEnvFile();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    processIo.stderr(`Error: ${error.message}\n`);
    return 1;
  }
  return runCli(argv);
}

// Also true when started through the package's `bin` symlink.
const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isEntryPoint) {
  const code = await runWithEnvFile(process.argv.slice(2));
  // Long-running commands (serve) keep the event loop alive; everything else exits with its code.
  if (code !== 0) process.exit(code);
  else process.exitCode = 0;
}
