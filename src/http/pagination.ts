// Page-number pagination over HTTP (the page itself is core/pagination.ts): `page` 1..2^31-1 and `per_page`
// 1..100 (422 outside), and the two list shapes: `meta` + `links` for most lists, `meta.pagination` for master
// products. Links are absolute, on the public URL the app was configured with (registerPublicUrl), else on the
// request's own origin.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { MAX_CURSOR_LENGTH, type KeysetPage } from '../core/keyset.js';
import { COUNT_LIMIT, MAX_PAGE, MAX_PER_PAGE, type Page, type PageRequest } from '../core/pagination.js';
import { Defaulted } from './common-schemas.js';
import { nameSchema } from './named-schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL: the base of every link the API builds; null means the request's own origin. */
    publicUrl: string | null;
  }
}

/** Sets the base of the links built by `paginated` and `requestUrlWith`, once for the whole app. */
export function registerPublicUrl(app: FastifyInstance, publicUrl: string | null): void {
  app.decorate('publicUrl', publicUrl);
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** Present, and true, when more rows match than the list counts: `total` and `last_page` are lower bounds. */
  total_is_capped?: true;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

/** Query schema for `page` and `per_page` with a list's own default page size. */
export function pageQuery(defaultPerPage: number) {
  return {
    page: Defaulted(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, 1 to ${MAX_PAGE}.` }),
    ),
    per_page: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PER_PAGE,
        default: defaultPerPage,
        description: `Items per page, 1 to ${MAX_PER_PAGE} (default ${defaultPerPage}).`,
      }),
    ),
  };
}

/**
 * A capped total counts the rows up to this page and one past it when there is one, so that `last_page` stays
 * ahead of the current page while more follow, and a client paging to `last_page` reaches the end.
 */
export function pageMeta(page: PageRequest, total: number, totalIsCapped = false): PageMeta {
  const meta: PageMeta = {
    current_page: page.page,
    per_page: page.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
  };
  return totalIsCapped ? { ...meta, total_is_capped: true } : meta;
}

/** This request's absolute URL with the query parameter `name` set to `value`, keeping the others. */
export function requestUrlWith(request: FastifyRequest, name: string, value: string): string {
  const { publicUrl } = request.server;
  const url = new URL(request.url, publicUrl ?? `${request.protocol}://${request.host}`);
  url.searchParams.set(name, value);
  // A public URL may carry a path of its own, which `new URL` would replace.
  return publicUrl ? `${publicUrl}${url.pathname}${url.search}` : url.toString();
}

/** The base of links the API hands out: PUBLIC_URL, else the request's own origin. */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function pageLinks(request: FastifyRequest, meta: PageMeta): PageLinks {
  const at = (page: number) => requestUrlWith(request, 'page', String(page));
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

export function paginated<T>(request: FastifyRequest, page: PageRequest, result: Page<T>): Paginated<T> {
  const meta = pageMeta(page, result.total, result.totalIsCapped);
  return { success: true, data: result.items, meta, links: pageLinks(request, meta) };
}

/** The master-products shape: `meta.pagination` instead of `meta` + `links`. */
export function paginatedUnderMeta<T>(page: PageRequest, result: Page<T>) {
  return {
    success: true as const,
    data: result.items,
    meta: { pagination: pageMeta(page, result.total, result.totalIsCapped) },
  };
}

const PageMetaSchema = Type.Object({
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer({ description: 'Rows the list matches; with `total_is_capped`, the least number that do.' }),
  last_page: Type.Integer(),
  total_is_capped: Type.Optional(
    Type.Literal(true, {
      description: `Present when more rows match than a list counts (${COUNT_LIMIT.toLocaleString('en')}): \`total\` and \`last_page\` are then lower bounds that stay ahead of the current page while more rows follow.`,
    }),
  ),
});
nameSchema(PageMetaSchema, 'PageMeta', { current_page: 2, per_page: 25, total: 57, last_page: 3 });

export const PageLinksSchema = Type.Object({
  first: Type.String(),
  last: Type.String(),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
});
nameSchema(PageLinksSchema, 'PageLinks', {
  first: 'https://ops.example.com/api/v1/operations/products?page=1',
  last: 'https://ops.example.com/api/v1/operations/products?page=3',
  prev: 'https://ops.example.com/api/v1/operations/products?page=1',
  next: 'https://ops.example.com/api/v1/operations/products?page=3',
});

/** The master-products list's `meta`: the page under `pagination`. */
const PaginationMetaSchema = Type.Object({ pagination: PageMetaSchema });
nameSchema(PaginationMetaSchema, 'PaginationMeta', {
  pagination: { current_page: 1, per_page: 15, total: 4, last_page: 1 },
});

export const PaginatedSchema = <T extends TSchema>(item: T) =>
  Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta: PageMetaSchema, links: PageLinksSchema });

export const PaginatedUnderMetaSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    meta: PaginationMetaSchema,
  });

/**
 * `after`, the cursor of a keyset walk (core/keyset.ts): absent, the page-numbered answer; empty, the walk's
 * first page; else the page after the cursor a previous page answered in `meta.cursor`.
 */
export const afterQuery = {
  after: Type.Optional(
    Type.String({
      maxLength: MAX_CURSOR_LENGTH,
      description:
        'Keyset walk: empty to start at the first row, then the `meta.cursor` of the previous page (opaque). The answer then has `meta` {per_page, has_more, cursor} and `links.next`, and no total. Not with `page` above 1.',
    }),
  ),
};

export interface KeysetMeta {
  per_page: number;
  has_more: boolean;
  cursor: string | null;
}

export interface KeysetPaginated<T> {
  success: true;
  data: T[];
  meta: KeysetMeta;
  links: { next: string | null };
}

/** A keyset page's answer, shaped as the event feed's: `links.next` is this request with `after` moved on. */
export function keysetPaginated<T>(request: FastifyRequest, perPage: number, page: KeysetPage<T>): KeysetPaginated<T> {
  return {
    success: true,
    data: page.items,
    meta: { per_page: perPage, has_more: page.next !== null, cursor: page.next },
    links: { next: page.next === null ? null : requestUrlWith(request, 'after', page.next) },
  };
}

const KeysetMetaSchema = Type.Object({
  per_page: Type.Integer(),
  has_more: Type.Boolean({ description: 'Another page follows this one.' }),
  cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `after` for the next page; null on the last page.',
  }),
});
nameSchema(KeysetMetaSchema, 'KeysetMeta', {
  per_page: 100,
  has_more: true,
  cursor: 'eyJvIjoicHJvZHVjdHM6bmFtZTphc2MiLCJrIjpbImRyaWxsIl0sImlkIjoiMDFqZDh4NGszbTJuNXA2cTdyOHM5dDB2MXcifQ',
});

const KeysetLinksSchema = Type.Object({
  next: Type.Union([Type.String(), Type.Null()], { description: 'The next page; null on the last page.' }),
});
nameSchema(KeysetLinksSchema, 'KeysetLinks', {
  next: 'https://ops.example.com/api/v1/operations/products?sort_by=name&sort_direction=asc&after=eyJvIjoicHJvZHVjdHM6bmFtZTphc2MiLCJrIjpbImRyaWxsIl0sImlkIjoiMDFqZDh4NGszbTJuNXA2cTdyOHM5dDB2MXcifQ',
});

export const KeysetPaginatedSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    meta: KeysetMetaSchema,
    links: KeysetLinksSchema,
  });

/** A list that pages by number, or walks by `after`: the answer is the one its request asked for. */
export const PaginatedOrKeysetSchema = <T extends TSchema>(item: T) =>
  Type.Union([PaginatedSchema(item), KeysetPaginatedSchema(item)]);
