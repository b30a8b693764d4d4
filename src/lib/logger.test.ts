import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { effectiveLogFormat, loggerOptions } from './logger.js';

describe('the process logger', () => {
  it('writes JSON unless stdout is a terminal, and loads the pretty transport only for a terminal', () => {
    const auto = loadConfig({});
    expect(effectiveLogFormat(auto, false)).toBe('json');
    expect(loggerOptions(auto, false)).toEqual({ level: 'info' });
    expect(effectiveLogFormat(auto, true)).toBe('pretty');
    expect(loggerOptions(auto, true).transport).toMatchObject({ target: 'pino-pretty', options: { colorize: true } });
  });

  it('follows LOG_FORMAT when it is set, either way', () => {
    expect(loggerOptions(loadConfig({ LOG_FORMAT: 'json' }), true)).toEqual({ level: 'info' });
    expect(loggerOptions(loadConfig({ LOG_FORMAT: 'Pretty', LOG_LEVEL: 'warn' }), false)).toMatchObject({
      level: 'warn',
      transport: { target: 'pino-pretty', options: { colorize: false } },
    });
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(
      new ConfigError('LOG_FORMAT must be json or pretty, got "yaml".'),
    );
  });
});
