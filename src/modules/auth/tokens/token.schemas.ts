import { Type } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';

const TokenTypeSchema = Type.Enum(['personal', 'application', 'integration']);
const TokenStatusSchema = Type.Enum(['active', 'pending_approval', 'revoked']);

export const TokenCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    type: Type.Optional(Type.Enum(['personal', 'application', 'integration'], { default: 'personal' })),
    abilities: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 200, description: 'Abilities or wildcards: `*`, `operations:*`, `operations:view-*`.' }),
    expiration_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'Overrides the type default (personal 30, application 365, integration never).' })),
    ip_whitelist: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100, description: 'IPv4/IPv6 addresses or CIDR ranges; integration tokens only.' })),
  },
  { additionalProperties: false },
);

export const TokenListQuery = Type.Object({
  ...pageQuery(25),
  status: Type.Optional(TokenStatusSchema),
  type: Type.Optional(TokenTypeSchema),
  ...updatedSinceQuery,
  sort_by: Type.Optional(
    Type.Enum(['created_at', 'updated_at'], { description: 'Omitted: newest first. Ties break on id. Using a token (last_used_at) does not change updated_at.' }),
  ),
  sort_direction: Type.Optional(Type.Enum(SORT_DIRECTIONS, { description: 'With sort_by; default desc for created_at, asc for updated_at.' })),
});

export const TokenResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  type: TokenTypeSchema,
  abilities: Type.Array(Type.String()),
  status: TokenStatusSchema,
  expires_at: Nullable(Timestamp),
  ip_whitelist: Nullable(Type.Array(Type.String())),
  last_used_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const CreatedTokenResponse = Type.Object({ ...TokenResponse.properties, plain_text_token: Type.String() });

export const AbilityResponse = Type.Object({
  ability: Type.String(),
  module: Type.String(),
  score: Type.Integer(),
  sensitivity: Type.Enum(['low', 'medium', 'high']),
  requires_approval: Type.Boolean(),
});
