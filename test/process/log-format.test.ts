// The process logger as a person and a supervisor see it: readable lines when stdout is a terminal (run
// under `script`, which gives the child a pseudo-terminal), JSON lines otherwise; LOG_FORMAT overrides both.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, PROJECT_ROOT, processEnv, runCliProcess, startServerProcess } from './processes.js';
import { createTestDatabaseLocation } from '../helpers/test-database.js';

const SAMPLE = 'test/process/fixtures/log-sample.ts';

/** Runs the sample with its stdout on a pipe, or on a pseudo-terminal; answers what it printed. */
function runSample(env: NodeJS.ProcessEnv, terminal: boolean): Promise<string> {
  const command = `${JSON.stringify(process.execPath)} --import tsx ${SAMPLE}`;
  const child = terminal
    ? spawn('script', ['-qfec', command, '/dev/null'], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, ['--import', 'tsx', SAMPLE], {
        cwd: PROJECT_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`exited with ${code}: ${output}`))));
  });
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...extra };
  if (!('LOG_FORMAT' in extra)) delete env.LOG_FORMAT;
  return env;
}

afterEach(() => killAll());

describe('log format', () => {
  it('is readable lines on a terminal and one JSON object a line elsewhere', async () => {
    const pretty = plain(await runSample(baseEnv(), true));
    expect(pretty).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: sample line\n\s+sample_field: "sample value"\n/);
    expect(() => JSON.parse(pretty.split('\n')[0]!)).toThrow();

    const json = (await runSample(baseEnv(), false)).trim();
    expect(JSON.parse(json)).toMatchObject({ level: 30, msg: 'sample line', sample_field: 'sample value' });
  });

  it('follows LOG_FORMAT on a terminal and off it', async () => {
    expect(JSON.parse(plain(await runSample(baseEnv({ LOG_FORMAT: 'json' }), true)).trim())).toMatchObject({
      msg: 'sample line',
    });
    expect(plain(await runSample(baseEnv({ LOG_FORMAT: 'pretty' }), false))).toContain('INFO: sample line');
  });

  it('keeps the server and worker logs JSON under a supervisor (stdout not a terminal)', async () => {
    const location = await createTestDatabaseLocation();
    try {
      const { cli, ready } = startServerProcess(
        processEnv(location, { LOG_LEVEL: 'info', ADMIN_PASSWORD: 'log-format-test' }),
      );
      await ready;
      // Given ADMIN_PASSWORD, the first start prints no password banner: every line is the logger's.
      const lines = cli.stdout.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
      const refused = await runCliProcess(['serve'], processEnv(location, { LOG_FORMAT: 'yaml' }));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('LOG_FORMAT must be json or pretty');
    } finally {
      await killAll();
      await location.drop();
    }
  });
});
