import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';

const TokenTypeSchema = Type.Enum(['personal', 'application', 'integration']);
const TokenStatusSchema = Type.Enum(['active', 'pending_approval', 'revoked']);

/** What each type may call, for the API's and the CLI's descriptions of the type. */
export const TOKEN_TYPE_DESCRIPTION =
  'personal (the default), application or integration; webhooks and the event feed refuse personal tokens (403).';

export const TokenCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    type: Type.Optional(
      Type.Enum(['personal', 'application', 'integration'], {
        default: 'personal',
        description: TOKEN_TYPE_DESCRIPTION,
      }),
    ),
    abilities: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 200,
      description: 'Abilities or wildcards: `*`, `operations:*`, `operations:view-*`.',
    }),
    expiration_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        description: 'Overrides the type default (personal 30, application 365, integration never).',
      }),
    ),
    ip_whitelist: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 100,
        description: 'IPv4/IPv6 addresses or CIDR ranges; integration tokens only.',
      }),
    ),
  },
  { additionalProperties: false },
);
withExample(TokenCreateBody, {
  name: 'Warehouse scanner',
  type: 'integration',
  abilities: ['operations:view-products', 'operations:adjust-stock'],
  ip_whitelist: ['203.0.113.0/24'],
});

export const TokenListQuery = Type.Object({
  ...pageQuery(25),
  status: Type.Optional(TokenStatusSchema),
  type: Type.Optional(TokenTypeSchema),
  ...updatedSinceQuery,
  sort_by: Type.Optional(
    Type.Enum(['created_at', 'updated_at'], {
      description: 'Omitted: newest first. Ties break on id. Using a token (last_used_at) does not change updated_at.',
    }),
  ),
  sort_direction: Type.Optional(
    Type.Enum(SORT_DIRECTIONS, { description: 'With sort_by; default desc for created_at, asc for updated_at.' }),
  ),
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
const tokenExample: Static<typeof TokenResponse> = {
  id: '01jd94e5f6g7h8j9k0m1n2p3q4',
  name: 'Warehouse scanner',
  type: 'integration',
  abilities: ['operations:view-products', 'operations:adjust-stock'],
  status: 'active',
  expires_at: null,
  ip_whitelist: ['203.0.113.0/24'],
  last_used_at: '2026-11-24T07:58:31.000Z',
  created_at: '2026-11-02T09:14:00.000Z',
};
nameSchema(TokenResponse, 'ApiToken', tokenExample);

export const CreatedTokenResponse = Type.Object({ ...TokenResponse.properties, plain_text_token: Type.String() });
nameSchema(CreatedTokenResponse, 'CreatedApiToken', {
  ...tokenExample,
  plain_text_token: 'qm_7Kp2xQ9vLmN4bR8sT1wY6zA3cD5fG0hJ',
});

export const ConsoleTokenResponse = Type.Object({
  token: Type.String({ description: 'Send as `Authorization: Bearer <token>`; works until expires_at.' }),
  expires_at: Type.String({ format: 'date-time' }),
});
nameSchema(ConsoleTokenResponse, 'ConsoleToken', {
  token: 'qm_7Kp2xQ9vLmN4bR8sT1wY6zA3cD5fG0hJ',
  expires_at: '2026-11-25T10:15:00.000Z',
});

export const AbilityResponse = Type.Object({
  ability: Type.String(),
  module: Type.String(),
  score: Type.Integer(),
  sensitivity: Type.Enum(['low', 'medium', 'high']),
  requires_approval: Type.Boolean(),
  in_use: Type.Boolean({
    description:
      'Whether a route or rule of this service checks it; the others are reserved for modules it does not have (grantable, opening nothing).',
  }),
});
nameSchema(AbilityResponse, 'Ability', {
  ability: 'operations:adjust-stock',
  module: 'inventory',
  score: 3,
  sensitivity: 'medium',
  requires_approval: false,
  in_use: true,
});
