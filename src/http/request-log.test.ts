import { describe, expect, it } from 'vitest';
import { redactQueryCredentials } from './request-log.js';

describe('redactQueryCredentials', () => {
  it.each([
    ['/a', '/a'],
    ['/a?', '/a?'],
    ['/a?page=2&search=token', '/a?page=2&search=token'],
    ['/a?token=x', '/a?token=[REDACTED]'],
    [
      '/a?ACCESS_TOKEN=x&id_token=y&X-Api-Key=z&auth=w&key=v',
      '/a?ACCESS_TOKEN=[REDACTED]&id_token=[REDACTED]&X-Api-Key=[REDACTED]&auth=[REDACTED]&key=[REDACTED]',
    ],
    ['/a?pass%77ord=x', '/a?pass%77ord=[REDACTED]'],
    ['/a?%E0%A4%A=1&secret=x=y', '/a?%E0%A4%A=1&secret=[REDACTED]'],
    ['/a?token', '/a?token'],
  ])('%s', (url, expected) => {
    expect(redactQueryCredentials(url)).toBe(expected);
  });
});
