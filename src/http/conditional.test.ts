import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { entityTag, ifMatch } from './conditional.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('entityTag', () => {
  it('is a quoted 22-character digest, equal for equal resources and different for any visible change', () => {
    const tag = entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme' } });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme' } })).toBe(tag);
    expect(entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme Tools' } })).not.toBe(tag);
  });
});

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
