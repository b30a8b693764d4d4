// `Idempotency-Key` on POST: the first response is stored per caller (token, or signed-in user) for a day;
// the same key with the same request answers it again without doing the work twice; the same key with
// another request is refused. A key whose first request is still running answers 409 rather than running it
// twice. Routes whose answer carries a secret opt out: a secret is never stored.
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { BusinessRuleError, ConflictError, ValidationError } from '../../core/errors.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/transaction.js';
import { addHours, type Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/secrets.js';
import { withFirstRouteHook } from '../route-hooks.js';
import { canonicalJson } from './canonical-json.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaimId?: string;
  }
  interface FastifyContextConfig {
    /** false on routes that answer a secret once (a token's plain text): their answers are never stored or replayed. */
    idempotency?: boolean;
  }
}

export interface IdempotencyOptions {
  db: Executor;
  repository: IdempotencyRepository;
  clock: Clock;
  newId: IdGenerator;
  ttlHours: number;
}

/** Whose keys these are: one token's, or (for a session) one user's. */
function callerOf(request: FastifyRequest): string {
  const { tokenId, user } = request.auth;
  return tokenId === null ? `user:${user.id}` : `token:${tokenId}`;
}

function requestHash(request: FastifyRequest): string {
  let body: string;
  try {
    body = canonicalJson(request.body ?? null);
  } catch {
    // What RFC 8785 cannot write and a route without a schema for it has let through: text with an unpaired
    // surrogate, or a number that JSON.parse made Infinity.
    throw ValidationError.field(
      'body',
      'The request body must not contain unpaired surrogates or numbers beyond the range of a double.',
    );
  }
  return sha256Hex(`${request.method} ${request.url}\n${body}`);
}

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, repository, clock, newId, ttlHours } = options;

  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || key === undefined || !request.auth) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw ValidationError.field(
        'Idempotency-Key',
        'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      );
    }
    const tenantId = request.auth.tenantId;
    const caller = callerOf(request);
    const hash = requestHash(request);
    const now = clock.now();

    const existing = await repository.find(db, tenantId, caller, key);
    if (existing && Date.parse(existing.expires_at) > now.getTime()) {
      if (existing.request_hash !== hash) {
        throw new BusinessRuleError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request.',
        );
      }
      if (existing.status_code === null) {
        throw new ConflictError(
          'idempotency_key_in_progress',
          'A request with this Idempotency-Key is still being processed.',
        );
      }
      return reply
        .code(existing.status_code)
        .header('content-type', existing.content_type ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(existing.response_body);
    }
    if (existing) await repository.remove(db, existing.id);

    const id = newId();
    try {
      await repository.claim(db, {
        id,
        tenant_id: tenantId,
        caller,
        idempotency_key: key,
        request_hash: hash,
        status_code: null,
        content_type: null,
        response_body: null,
        created_at: now.toISOString(),
        expires_at: addHours(now, ttlHours).toISOString(),
      });
    } catch (error) {
      if (uniqueViolation(error))
        throw new ConflictError(
          'idempotency_key_in_progress',
          'A request with this Idempotency-Key is still being processed.',
        );
      throw error;
    }
    request.idempotencyClaimId = id;
  };

  const store: onSendAsyncHookHandler = async (request, reply, payload) => {
    const id = request.idempotencyClaimId;
    if (!id) return payload;
    request.idempotencyClaimId = undefined;
    // A server failure is not an answer: release the key so the client can retry.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await repository.remove(db, id);
    } else {
      const contentType = reply.getHeader('content-type');
      await repository.complete(
        db,
        id,
        reply.statusCode,
        typeof contentType === 'string' ? contentType : null,
        payload,
      );
    }
    return payload;
  };

  // On the POST routes that keep keys only; first of their own hooks, as a global hook would run.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('POST') || route.config?.idempotency === false) return;
    route.preHandler = withFirstRouteHook(route.preHandler, claim);
    route.onSend = withFirstRouteHook(route.onSend, store);
  });
}
