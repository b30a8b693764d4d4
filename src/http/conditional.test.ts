import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ifMatch } from './conditional.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('ifMatch', () => {
  it('is undefined without the header or with a blank one', () => {
    expect(ifMatch(request({}))).toBeUndefined();
    expect(ifMatch(request({ 'if-match': '  ' }))).toBeUndefined();
  });

  it('reads a list of tags, dropping weak prefixes and quoting bare tags, and `*`', () => {
    expect(ifMatch(request({ 'if-match': '"a", W/"b" ,c' }))).toEqual({ any: false, tags: ['"a"', '"b"', '"c"'] });
    expect(ifMatch(request({ 'if-match': '*' }))).toEqual({ any: true, tags: [] });
  });
});
