// Conditional requests (README, Optimistic concurrency; docs/decisions/idempotency-and-concurrency.md, Optimistic concurrency). A record's
// ETag is a digest of its resource as GET answers it (core/precondition.ts). `If-None-Match` on a read answers 304
// when it names that ETag; `If-Match` on a write is read here and checked by the service inside its transaction,
// with the record locked (db/precondition.ts), and answers 412 when the record no longer has the ETag given.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { entityTag, type Precondition } from '../core/precondition.js';
import {
  ETagHeader,
  IfMatchHeaders,
  IfNoneMatchHeaders,
  NotModifiedResponse,
  PreconditionFailedBody,
} from './common-schemas.js';
import { byReference } from './named-schemas.js';
import { withRouteHook } from './route-hooks.js';

/**
 * What a route does with entity tags, for its behaviour and its documentation:
 * - `read`: a single-resource GET; answers the ETag, and 304 to a matching If-None-Match;
 * - `create`: answers the new record's ETag;
 * - `write`: a change of one record (PUT, PATCH, an action); takes If-Match and answers the ETag of the record
 *   it leaves (a renewal answers its new version's);
 * - `guard`: a change of one record that answers something else (a delete); takes If-Match.
 */
export type ConditionalKind = 'read' | 'create' | 'write' | 'guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    conditional?: ConditionalKind;
  }
}

/**
 * Sets the answer's ETag to that of the record as GET answers it, and gives `answer` back: `answer` is that
 * resource, or the resource with `besides` added to it (an inventory change's `movement`, a sent order's
 * `email_sent`), which the tag leaves out.
 */
export function withETag<T>(reply: FastifyReply, answer: T, ...besides: Array<keyof T & string>): T {
  let resource: unknown = answer;
  if (besides.length > 0) {
    const rest: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
    for (const key of besides) delete rest[key];
    resource = rest;
  }
  reply.header('etag', entityTag(resource));
  return answer;
}

/**
 * The entity tags of an If-Match or If-None-Match list, by their opaque part: a weak `W/` prefix, as a compressing
 * proxy adds to our strong tags, is dropped, and a tag sent without its quotes is read as though quoted.
 */
function listedTags(header: string): { any: boolean; tags: string[] } {
  const tags: string[] = [];
  let any = false;
  for (const raw of header.split(',')) {
    let tag = raw.trim();
    if (tag === '') continue;
    if (tag === '*') {
      any = true;
      continue;
    }
    if (tag.startsWith('W/')) tag = tag.slice(2);
    tags.push(tag.startsWith('"') && tag.endsWith('"') && tag.length >= 2 ? tag : `"${tag}"`);
  }
  return { any, tags };
}

/** The request's If-Match, or undefined without one (a blank header counts as none). */
export function ifMatch(request: FastifyRequest): Precondition | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return listedTags(header);
}

/** If-None-Match on a read: true when it names the answer's ETag, or is `*` (the record exists). */
function noneMatchFails(header: string, etag: string): boolean {
  const listed = listedTags(header);
  return listed.any || listed.tags.includes(etag);
}

/** `headers` (a route's object schema of request headers, if any) with the properties of `added` too. */
function withHeaders(headers: unknown, added: { properties: object }): object {
  if (!headers) return added;
  const own = headers as { properties?: object };
  return { ...own, properties: { ...own.properties, ...added.properties } };
}

/** The documentation a conditional route adds to its schema, with the shared schemas. */
function documentConditional(route: RouteOptions, kind: ConditionalKind): void {
  const schema = (route.schema ??= {});
  const response: Record<string, object> = { ...(schema.response as Record<string, object> | undefined) };
  const tagged = (status: number) => {
    const entry = response[status] as { headers?: object } | undefined;
    if (entry) response[status] = { ...entry, headers: { ...entry.headers, ETag: ETagHeader } };
  };
  if (kind === 'read') {
    schema.headers = withHeaders(schema.headers, IfNoneMatchHeaders);
    tagged(200);
    response[304] = NotModifiedResponse;
  } else if (kind === 'create') {
    tagged(201);
  } else {
    schema.headers = withHeaders(schema.headers, IfMatchHeaders);
    if (kind === 'write') {
      tagged(200);
      tagged(201);
    }
    // The app's hook that answers named schemas by reference has run already: this one is added as a reference.
    response[412] = byReference(PreconditionFailedBody) as object;
  }
  schema.response = response;
}

/** Answers 304 with no body to a read whose If-None-Match names the ETag its handler set. */
const answerNotModified: onSendHookHandler = (request, reply, payload, done) => {
  const header = request.headers['if-none-match'];
  const etag = reply.getHeader('etag');
  if (
    reply.statusCode !== 200 ||
    typeof header !== 'string' ||
    typeof etag !== 'string' ||
    !noneMatchFails(header, etag)
  ) {
    done(null, payload);
    return;
  }
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // Set by the answer cache on a kept compressed answer: a 304 has no body to be encoded.
  reply.removeHeader('content-encoding');
  done(null, null);
};

/**
 * Documents the conditional routes (request headers, ETag on the answer, 304 and 412) and gives the reads their
 * If-None-Match check (on those routes only). Register before the routes.
 */
export function registerConditionalRequests(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const kind = route.config?.conditional;
    if (!kind) return;
    documentConditional(route, kind);
    if (kind === 'read') route.onSend = withRouteHook(route.onSend, answerNotModified);
  });
}
