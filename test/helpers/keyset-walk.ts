// Walks a list by its `after` cursor through HTTP, the way a client does: an empty `after` starts the walk, then
// each page's `links.next` is followed until it is null. Every page's shape is checked on the way.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Get = (url: string) => Promise<LightMyRequestResponse>;

export interface Walk<Row> {
  /** Every page's rows, in order. */
  pages: Row[][];
  rows: Row[];
}

/**
 * Every page of `url` (a path with its query, without `after`) walked by cursor. `between` runs after each page
 * but the last, before the next is fetched (rows written during a walk).
 */
export async function walkByCursor<Row = { id: string }>(
  get: Get,
  url: string,
  between?: (pageIndex: number) => Promise<void>,
): Promise<Walk<Row>> {
  const pages: Row[][] = [];
  let next: string | null = `${url}${url.includes('?') ? '&' : '?'}after=`;
  while (next !== null) {
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: Row[];
      meta: { per_page: number; has_more: boolean; cursor: string | null };
      links: { next: string | null };
    };
    expect(Object.keys(body.meta).sort()).toEqual(['cursor', 'has_more', 'per_page']);
    expect(body.meta.has_more).toBe(body.meta.cursor !== null);
    expect(body.links.next === null).toBe(body.meta.cursor === null);
    expect(body.data.length).toBeLessThanOrEqual(body.meta.per_page);
    pages.push(body.data);
    if (body.links.next === null) break;
    const link = new URL(body.links.next);
    expect(link.searchParams.get('after')).toBe(body.meta.cursor);
    if (pages.length > 1000) throw new Error('The walk does not end.');
    await between?.(pages.length - 1);
    next = `${link.pathname}${link.search}`;
  }
  return { pages, rows: pages.flat() };
}
