// The container: the Dockerfile keeps the rules hadolint checks (a pinned base, no root, a health check, JSON
// commands, no secret in a layer), compose.yaml is valid under the Compose Specification's own JSON schema
// (vendored as fixtures/compose-spec.json from compose-spec/compose-spec, schema/compose-spec.json at commit
// 170098ba07d9f53c383a41bfd4c5166b0a4529a6) and runs the migration before the API and the worker, and the release
// tree the Dockerfile copies into its last stage starts and answers its probes. No container runtime is needed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, killAll, startCli } from './processes.js';

const run = promisify(execFile);
const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments left out. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

const dockerfile = instructions(read('Dockerfile'));
/** The instructions of the last stage: what the image is. */
const finalStage = dockerfile.slice(dockerfile.map((i) => i.keyword).lastIndexOf('FROM'));

describe('Dockerfile', () => {
  it('pins the base image to an exact version (a digest when one could be verified)', () => {
    const base = dockerfile.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_IMAGE='))!.args.split('=')[1]!;
    expect(base).toMatch(/^node:24\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?$/);
    for (const from of dockerfile.filter((i) => i.keyword === 'FROM'))
      expect(from.args).toMatch(/^\$\{NODE_IMAGE\}( AS [a-z-]+)?$/);
  });

  it('runs as an unprivileged user, with a health check, a data volume and JSON commands', () => {
    const keywords = finalStage.map((i) => i.keyword);
    expect(finalStage.find((i) => i.keyword === 'USER')?.args).toBe('node');
    // Nothing after USER runs as root again, nor installs anything.
    expect(keywords.slice(keywords.indexOf('USER'))).not.toContain('RUN');
    expect(finalStage.find((i) => i.keyword === 'HEALTHCHECK')?.args).toMatch(/CMD \["node", "-e", .*\/health/);
    expect(finalStage.find((i) => i.keyword === 'VOLUME')?.args).toBe('["/var/lib/quartermaster"]');
    for (const keyword of ['ENTRYPOINT', 'CMD'])
      expect(() => JSON.parse(finalStage.find((i) => i.keyword === keyword)!.args)).not.toThrow();
  });

  it('follows hadolint’s rules: COPY not ADD, absolute WORKDIR, npm ci, no secret in ENV or ARG', () => {
    expect(dockerfile.filter((i) => i.keyword === 'ADD')).toEqual([]);
    for (const workdir of dockerfile.filter((i) => i.keyword === 'WORKDIR')) expect(workdir.args).toMatch(/^\//);
    for (const step of dockerfile.filter((i) => i.keyword === 'RUN')) {
      expect(step.args).not.toMatch(/npm install\b|\bsudo\b|apt-get upgrade|curl .*\| *sh/);
      if (/apt-get install/.test(step.args))
        expect(step.args).toMatch(/--no-install-recommends.*rm -rf \/var\/lib\/apt\/lists/);
    }
    const settings = dockerfile.filter((i) => i.keyword === 'ENV' || i.keyword === 'ARG').map((i) => i.args);
    expect(settings.join(' ')).not.toMatch(/PASSWORD|SECRET|TOKEN|ACCESS_KEY|DATABASE_URL/);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'dist', 'data', '.env', '*.sqlite']) expect(ignored).toContain(entry);
  });

  it('copies into its last stage exactly the release of docs/deployment.md', () => {
    expect(finalStage.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      '--from=production-dependencies /app/node_modules ./node_modules',
      '--from=build /build/dist ./dist',
      'package.json package-lock.json ./',
      'assets ./assets',
    ]);
    const dependencies = dockerfile.find((i) => i.keyword === 'RUN' && i.args.includes('--omit=dev'));
    expect(dependencies?.args).toContain('npm ci --omit=dev --ignore-scripts');
  });
});

interface ComposeService {
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  healthcheck?: { disable?: boolean };
  restart?: string;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };

  it('is valid under the Compose Specification schema', () => {
    const schema = JSON.parse(read('test/process/fixtures/compose-spec.json')) as object;
    const ajv = new Ajv({ strict: false, validateSchema: false, validateFormats: false, allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema refuses what it does not know: a misspelt key fails.
    expect(validate({ services: { api: { image: 'x', restrat: 'always' } } })).toBe(false);
  });

  it('migrates once, then starts the API and the worker from the same image on PostgreSQL', () => {
    const { postgres, migrate, api, worker } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'migrate', 'postgres', 'worker']);
    expect(migrate).toMatchObject({ command: ['migrate'], restart: 'no' });
    expect(migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(api!.command).toEqual(['serve', '--no-worker']);
    expect(worker!.command).toEqual(['worker']);
    for (const service of [api!, worker!]) {
      expect(service.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/quartermaster:\$\{POSTGRES_PASSWORD:\?/);
    }
    expect(worker!.environment?.HEALTHCHECK_PORT).toBe('8090');
    expect(postgres).toBeDefined();
    // No secret written in the file itself: each comes from the environment.
    expect(read('compose.yaml')).not.toMatch(/PASSWORD: (?!\$\{)/);
  });
});

describe('the release tree the Dockerfile copies (slow: installs and compiles)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quartermaster-release-'));
  afterAll(async () => {
    await killAll();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'starts from its production dependencies and answers /health, for the API and the worker',
    { timeout: 150_000 },
    async () => {
      const app = path.join(root, 'app');
      fs.mkdirSync(app);
      // COPY package.json package-lock.json ./ and the production-dependencies stage's install.
      for (const file of ['package.json', 'package-lock.json'])
        fs.copyFileSync(path.join(PROJECT_ROOT, file), path.join(app, file));
      const install = run(
        'npm',
        ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
        {
          cwd: app,
        },
      );
      // The build stage's dist/: the server compiled (the console, when built, is only copied beside it).
      const compile = run(
        path.join(PROJECT_ROOT, 'node_modules/.bin/tsc'),
        [
          '-p',
          'tsconfig.build.json',
          '--outDir',
          path.join(app, 'dist'),
          '--tsBuildInfoFile',
          path.join(root, 'tsbuildinfo'),
        ],
        { cwd: PROJECT_ROOT },
      );
      await Promise.all([install, compile]);
      fs.cpSync(path.join(PROJECT_ROOT, 'assets'), path.join(app, 'assets'), { recursive: true });
      expect(fs.existsSync(path.join(app, 'node_modules/typescript'))).toBe(false);
      expect(fs.existsSync(path.join(app, 'node_modules/fastify'))).toBe(true);

      // The image's environment, nothing of this machine's.
      const env = {
        PATH: process.env.PATH,
        HOME: root,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        WORKER_PORT: '0',
        DATA_DIR: path.join(root, 'data'),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'release-test-password',
      };
      const entry = path.join(app, 'dist/cli.js');
      const api = startCli(['serve', '--no-worker'], env, undefined, { entry, cwd: app });
      const [, apiPort] = await api.waitForStdout(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 60_000);
      const worker = startCli(['worker'], env, undefined, { entry, cwd: app });
      const [, workerPort] = await worker.waitForStdout(
        /Worker probes listening at http:\/\/127\.0\.0\.1:(\d+)/,
        60_000,
      );
      for (const port of [apiPort, workerPort]) {
        const health = await fetch(`http://127.0.0.1:${port}/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok' });
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      }
    },
  );
});
