// The audit log's query, entry resource and cursor-paged envelope.
import { Type, type Static } from 'typebox';
import { MAX_PER_PAGE } from '../../core/pagination.js';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema } from '../../http/named-schemas.js';

export const AUDIT_DEFAULT_PER_PAGE = 50;
export const ACTOR_TYPES = ['user', 'token', 'cli', 'system'] as const;

export const AuditLogQuery = Type.Object({
  before: Type.Optional(
    Type.String({
      pattern: '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$',
      description:
        'Cursor: the id of the last entry already read (exclusive); the page holds older entries. Omitted: the newest.',
    }),
  ),
  per_page: Defaulted(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: AUDIT_DEFAULT_PER_PAGE,
      description: `Entries per page, 1 to ${MAX_PER_PAGE}.`,
    }),
  ),
  actor_type: Type.Optional(Type.Enum([...ACTOR_TYPES], { description: 'user (a session), token, cli or system.' })),
  actor_id: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "A user's id (what they did signed in or with their tokens) or a token's id.",
    }),
  ),
  entity_type: Type.Optional(
    Type.String({ pattern: '^[a-z_]{1,64}$', description: 'product, purchase_order, user, api_token…' }),
  ),
  entity_id: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(
    Type.String({
      pattern: '^[a-z_]+\\.(?:[a-z_]+|\\*)(?:,[a-z_]+\\.(?:[a-z_]+|\\*))*$',
      maxLength: 1000,
      description: 'An action (`product.updated`), `<entity>.*`, or a comma-separated list of them.',
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 64, description: 'Entries at or after this time.' }),
  ),
  to: Type.Optional(Type.String({ format: 'date-time', maxLength: 64, description: 'Entries before this time.' })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

const AuditActor = Type.Object({
  type: Type.Enum([...ACTOR_TYPES]),
  user_id: Nullable(Type.String()),
  token_id: Nullable(Type.String()),
  name: Nullable(
    Type.String({ description: 'The e-mail of the user, or the shell user of a CLI command, at the time.' }),
  ),
});
nameSchema(AuditActor, 'AuditActor', {
  type: 'token',
  user_id: '01jd8w0a1b2c3d4e5f6g7h8j9k',
  token_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  name: 'buyer@example.com',
});

export const AuditLogEntryResponse = Type.Object({
  id: Ulid,
  occurred_at: Timestamp,
  actor: AuditActor,
  action: Type.String(),
  entity_type: Type.String(),
  entity_id: Nullable(Type.String()),
  changes: Nullable(
    Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
      description:
        'Each changed field, before and after; secrets appear as "[REDACTED]". Null when the action changes no field (a sign-in).',
    }),
  ),
  request_id: Nullable(Type.String()),
  ip: Nullable(Type.String()),
});
export type AuditLogEntryResponse = Static<typeof AuditLogEntryResponse>;
nameSchema(AuditLogEntryResponse, 'AuditLogEntry', {
  id: '01jd94a1b2c3d4e5f6g7h8j9k0',
  occurred_at: '2026-11-24T09:30:00.000Z',
  actor: { type: 'user', user_id: '01jd8w0a1b2c3d4e5f6g7h8j9k', token_id: null, name: 'buyer@example.com' },
  action: 'product.updated',
  entity_type: 'product',
  entity_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  changes: { selling_price: { before: 199.0, after: 189.0 } },
  request_id: 'req-1f2e3d',
  ip: '203.0.113.7',
});

const AuditLogMeta = Type.Object({
  per_page: Type.Integer(),
  has_more: Type.Boolean(),
  cursor: Nullable(Type.String({ description: 'Pass as `before` for the next, older page.' })),
});
nameSchema(AuditLogMeta, 'AuditLogMeta', { per_page: 50, has_more: true, cursor: '01jd94a1b2c3d4e5f6g7h8j9k0' });

const AuditLogLinks = Type.Object({
  next: Nullable(Type.String({ description: 'The next, older page; null at the oldest entry.' })),
});
nameSchema(AuditLogLinks, 'AuditLogLinks', {
  next: 'https://ops.example.com/api/v1/audit-log?before=01jd94a1b2c3d4e5f6g7h8j9k0',
});

export const AuditLogResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(AuditLogEntryResponse),
  meta: AuditLogMeta,
  links: AuditLogLinks,
});
