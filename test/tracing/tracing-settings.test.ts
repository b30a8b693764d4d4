// Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER turns it on, and off it costs nothing:
// no module of the OpenTelemetry SDK is imported by the code a process loads, only by src/tracing/, which `serve`
// and `worker` import dynamically when it is on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { PROJECT_ROOT } from '../process/processes.js';

describe('tracing settings', () => {
  it('is off by default and with OTEL_TRACES_EXPORTER=none', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing,
    ).toBeNull();
  });

  it('sends OTLP to the endpoint’s /v1/traces, with the headers, name and ratio given', () => {
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example.com:4318/',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D,  x-team = ops ',
        OTEL_SERVICE_NAME: 'qm-eu',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toEqual({
      exporter: 'otlp',
      endpoint: 'https://collector.example.com:4318/v1/traces',
      headers: { 'x-api-key': 'abc=', 'x-team': 'ops' },
      serviceName: 'qm-eu',
      sampleRatio: 0.25,
    });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'Console' }).tracing).toMatchObject({
      exporter: 'console',
      serviceName: 'quartermaster',
      sampleRatio: 1,
    });
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, /OTEL_TRACES_EXPORTER must be one of otlp, console, none/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT must be an http/],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER_ARG: '2' }, /OTEL_TRACES_SAMPLER_ARG must be a number/],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_HEADERS: '=x' }, /OTEL_EXPORTER_OTLP_HEADERS must be/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('is imported only dynamically: no source outside src/tracing/ loads OpenTelemetry or it', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'tracing' ? [] : sources(file);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
      });
    const loading = /^import\s+(?!type\b)[^;]*from\s+'(@opentelemetry\/[^']+|[^']*\/tracing\/[^']+)'/gm;
    const found = sources(path.join(PROJECT_ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(loading)].map(
        (match) => `${path.relative(PROJECT_ROOT, file)}: ${match[1]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
