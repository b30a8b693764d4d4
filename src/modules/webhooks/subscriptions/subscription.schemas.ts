import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';

export const SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export const PAYLOAD_MODES = ['full', 'thin'] as const;

export const MAX_URL_LENGTH = 2048;
export const MAX_EVENT_TYPES = 50;
export const MAX_DESCRIPTION_LENGTH = 1000;

const fields = {
  url: Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    description: 'https; must not resolve to loopback, private, link-local or metadata addresses.',
  }),
  event_types: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: MAX_EVENT_TYPES,
    description:
      'Patterns: an event type (`product.created`), `<entity>.*` or `*`, of an entity this service emits or of another module of the platform (`invoice`). See GET /webhooks/event-types.',
  }),
  payload_mode: Type.Enum(PAYLOAD_MODES, {
    description: '`full` sends the entity state, `thin` sends `payload: null`.',
  }),
  // Names and values are checked by the service, so that each refused header is reported under its own key.
  headers: Type.Record(Type.String(), Type.String(), {
    description:
      'Extra request headers (at most 20). Names are RFC 7230 tokens of at most 100 characters; values at most 1000 characters ' +
      'without line breaks. Content-Type, Content-Length, Content-Encoding, User-Agent, Host, hop-by-hop headers and any ' +
      '`X-Webhook-*` or `Webhook-*` header are refused. Values are write-only: answers show `••••`, and `••••` sent back ' +
      'keeps the stored value.',
  }),
  description: Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH })),
};

export const SubscriptionCreateBody = Type.Object(
  {
    url: fields.url,
    event_types: fields.event_types,
    payload_mode: Type.Optional(fields.payload_mode),
    secret: Type.Optional(
      Type.String({
        minLength: 16,
        maxLength: 255,
        pattern: '^[!-~]*$',
        description: '16 to 255 visible ASCII characters (no spaces); generated (`whsec_` + base64) when omitted.',
      }),
    ),
    headers: Type.Optional(fields.headers),
    description: Type.Optional(fields.description),
  },
  { additionalProperties: false },
);
export type SubscriptionCreateBody = Static<typeof SubscriptionCreateBody>;
withExample(SubscriptionCreateBody, {
  url: 'https://erp.example.com/hooks/quartermaster',
  event_types: ['product.*', 'purchase_order.approved'],
  payload_mode: 'full',
  headers: { 'X-Api-Key': 'erp-7f3c9a' },
  description: 'ERP mirror',
});

export const SubscriptionUpdateBody = Type.Object(
  {
    url: Type.Optional(fields.url),
    event_types: Type.Optional(fields.event_types),
    payload_mode: Type.Optional(fields.payload_mode),
    headers: Type.Optional(fields.headers),
    description: Type.Optional(fields.description),
    // Declared so that it reaches the service and is refused, instead of being dropped silently.
    secret: Type.Optional(
      Type.Unknown({ description: 'Not accepted here: use POST /webhooks/subscriptions/{id}/rotate-secret.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Partial update; `headers` replaces the whole set. A `status` sent here is ignored (use activate and disable).',
  },
);
export type SubscriptionUpdateBody = Static<typeof SubscriptionUpdateBody>;
withExample(SubscriptionUpdateBody, { event_types: ['product.*'], payload_mode: 'thin' });

export const SubscriptionListQuery = Type.Object({
  ...pageQuery(25),
  status: Type.Optional(Type.Enum(SUBSCRIPTION_STATUSES)),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['created_at', 'updated_at'], {
      default: 'created_at',
      description: 'Default created_at (newest first). Ties break on id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'desc', description: 'Default desc.' })),
});
export type SubscriptionListQuery = Static<typeof SubscriptionListQuery>;

const resourceFields = {
  id: Ulid,
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  payload_mode: Type.Enum(PAYLOAD_MODES),
  headers: Type.Record(Type.String(), Type.String(), {
    description: 'The custom header names, each value shown as `••••`.',
  }),
  description: Nullable(Type.String()),
  status: Type.Enum(SUBSCRIPTION_STATUSES),
  disabled_reason: Nullable(Type.String()),
  disabled_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const SubscriptionResponse = Type.Object(resourceFields);
const subscriptionExample: Static<typeof SubscriptionResponse> = {
  id: '01jd91b2c3d4e5f6g7h8j9k0m1',
  url: 'https://erp.example.com/hooks/quartermaster',
  event_types: ['product.*', 'purchase_order.approved'],
  payload_mode: 'full',
  headers: { 'X-Api-Key': '••••' },
  description: 'ERP mirror',
  status: 'active',
  disabled_reason: null,
  disabled_at: null,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
};
nameSchema(SubscriptionResponse, 'WebhookSubscription', subscriptionExample);

export const SubscriptionWithSecretResponse = Type.Object({
  ...resourceFields,
  secret: Type.String({ description: 'Shown only here and on rotate-secret: store it now.' }),
});
nameSchema(SubscriptionWithSecretResponse, 'WebhookSubscriptionWithSecret', {
  ...subscriptionExample,
  secret: 'whsec_MfKQ9r8GKYqXbZx1gQ4x3mJ8Jm2aZ5c0',
});

export const SubscriptionStatusResponse = Type.Object({
  id: Ulid,
  status: Type.Enum(SUBSCRIPTION_STATUSES),
  updated_at: Timestamp,
});
nameSchema(SubscriptionStatusResponse, 'WebhookSubscriptionStatus', {
  id: '01jd91b2c3d4e5f6g7h8j9k0m1',
  status: 'disabled',
  updated_at: '2026-11-24T10:02:00.000Z',
});

export const SubscriptionSecretResponse = Type.Object({
  id: Ulid,
  secret: Type.String({ description: 'The new secret; the previous one no longer signs deliveries.' }),
  updated_at: Timestamp,
});
nameSchema(SubscriptionSecretResponse, 'WebhookSubscriptionSecret', {
  id: '01jd91b2c3d4e5f6g7h8j9k0m1',
  secret: 'whsec_pX2v7Nq0aL4cR9tY1zB6mK3dF8hJ5sW2',
  updated_at: '2026-11-24T10:02:00.000Z',
});
