// Every variable the configuration reads is documented where operators look: .env.example (which says it lists
// them all), the README's configuration table and docs/configuration.md.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** The names loadConfig reads from `env`, found by watching it read. */
function variablesReadFrom(env: Record<string, string>): string[] {
  const names: string[] = [];
  const watched = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') names.push(name);
      return target[name as string];
    },
  });
  loadConfig(watched);
  return names;
}

// S3's variables are read only when DOCUMENT_STORAGE selects it, tracing's details only with tracing on.
const CONFIG_VARIABLES = [
  ...new Set([
    ...variablesReadFrom({}),
    ...variablesReadFrom({ DOCUMENT_STORAGE: 's3', S3_BUCKET: 'documents' }),
    ...variablesReadFrom({ OTEL_TRACES_EXPORTER: 'console' }),
  ]),
].sort();

/** Read by the tests alone, and documented in the Tests section of docs/configuration.md. */
const TEST_VARIABLES = ['CHROMIUM_PATH', 'TEST_DATABASE_URL'];

describe('configuration variables in the documentation', () => {
  it('reads the variables it is known to, S3 included', () => {
    expect(CONFIG_VARIABLES).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'S3_BUCKET',
        'S3_FORCE_PATH_STYLE',
        'IMPORT_REFUSED_SAMPLE_ROWS',
      ]),
    );
  });

  it('.env.example names every variable the configuration reads, and the tests’ ones, and no other', () => {
    const example = [...read('.env.example').matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
    expect(new Set(example).size).toBe(example.length);
    expect(example.sort()).toEqual([...CONFIG_VARIABLES, ...TEST_VARIABLES].sort());
  });

  it('.env.example shows each default as the configuration has it, and every value it shows is accepted', () => {
    // Uncommented, the file is a .env as the CLI reads it (process.loadEnvFile's parser).
    const shown = parseEnv(read('.env.example').replace(/^# (?=[A-Z][A-Z0-9_]*=)/gm, ''));
    expect(() => loadConfig(shown)).not.toThrow();
    /** Shown with an example of a value, where the default is none (or is derived from another variable). */
    const examples = new Set([
      'PUBLIC_URL',
      'DATABASE_URL',
      'RATE_LIMIT_REDIS_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'BACKUP_DIR',
      // Either turns tracing on: the file shows what a collector's address and the exporter look like.
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_TRACES_EXPORTER',
    ]);
    const defaults = loadConfig({});
    for (const [name, value] of Object.entries(shown)) {
      if (!examples.has(name) && !TEST_VARIABLES.includes(name))
        expect(loadConfig({ [name]: value }), `${name}=${value}`).toEqual(defaults);
    }
  });

  it('the README table and docs/configuration.md name every variable', () => {
    const readme = read('README.md');
    const configurationTable = readme.slice(
      readme.indexOf('\n## Configuration\n'),
      readme.indexOf('\n## Operator CLI\n'),
    );
    const reference = read('docs/configuration.md');
    // A row of the reference's tables whose first cell names the variable.
    const referenceRow = (name: string) => new RegExp(`^\\| [^|]*\`${name}\``, 'm');
    for (const name of CONFIG_VARIABLES) {
      expect(configurationTable, name).toContain(`\`${name}\``);
      expect(reference, name).toMatch(referenceRow(name));
    }
    for (const name of TEST_VARIABLES) expect(reference, name).toMatch(referenceRow(name));
  });
});
