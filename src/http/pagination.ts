// Page-number pagination: `page` 1..2^31-1 and `per_page` 1..100 (422 outside), and the two list shapes:
// `meta` + `links` for most lists, `meta.pagination` for master products.
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';

export const MAX_PER_PAGE = 100;
/**
 * The highest page number: 2^31 - 1, far past any real list, and low enough that the offset it makes
 * (at most about 2.1e11 rows) stays an exact integer in JavaScript and fits both engines' OFFSET.
 */
export const MAX_PAGE = 2_147_483_647;

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** Query schema for `page` and `per_page` with a list's own default page size. */
export function pageQuery(defaultPerPage: number) {
  return {
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, 1 to ${MAX_PAGE}.` }),
    per_page: Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: defaultPerPage,
      description: `Items per page, 1 to ${MAX_PER_PAGE} (default ${defaultPerPage}).`,
    }),
  };
}

export function offsetOf(page: PageRequest): number {
  return (page.page - 1) * page.per_page;
}

export function pageMeta(page: PageRequest, total: number): PageMeta {
  return {
    current_page: page.page,
    per_page: page.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
  };
}

/** Absolute base URL of the request: the configured public URL, else the request's own origin. */
export function requestOrigin(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

function pageUrl(request: FastifyRequest, publicUrl: string | null, page: number): string {
  const url = new URL(request.url, requestOrigin(request, publicUrl));
  url.searchParams.set('page', String(page));
  return publicUrl ? `${publicUrl}${url.pathname}${url.search}` : url.toString();
}

export function pageLinks(request: FastifyRequest, publicUrl: string | null, meta: PageMeta): PageLinks {
  const at = (page: number) => pageUrl(request, publicUrl, page);
  return {
    first: at(1),
    last: at(meta.last_page),
    prev: meta.current_page > 1 ? at(Math.min(meta.current_page - 1, meta.last_page)) : null,
    next: meta.current_page < meta.last_page ? at(meta.current_page + 1) : null,
  };
}

export interface Paginated<T> {
  success: true;
  data: T[];
  meta: PageMeta;
  links: PageLinks;
}

export function paginated<T>(request: FastifyRequest, publicUrl: string | null, page: PageRequest, result: Page<T>): Paginated<T> {
  const meta = pageMeta(page, result.total);
  return { success: true, data: result.items, meta, links: pageLinks(request, publicUrl, meta) };
}

/** The master-products shape: `meta.pagination` instead of `meta` + `links`. */
export function paginatedUnderMeta<T>(page: PageRequest, result: Page<T>) {
  return { success: true as const, data: result.items, meta: { pagination: pageMeta(page, result.total) } };
}

const PageMetaSchema = Type.Object({
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});

const PageLinksSchema = Type.Object({
  first: Type.String(),
  last: Type.String(),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
});

export const PaginatedSchema = <T extends TSchema>(item: T) =>
  Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta: PageMetaSchema, links: PageLinksSchema });

export const PaginatedUnderMetaSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    meta: Type.Object({ pagination: PageMetaSchema }),
  });
