import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { MAX_EVENT_TYPES } from '../subscriptions/subscription.schemas.js';

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;
export const DELIVERIES_PER_PAGE = 25;

export const SubscriptionDeliveriesParams = Type.Object({
  subscriptionId: Type.String({ description: 'ULID of the webhook subscription.' }),
});

export const DeliveryParams = Type.Object({
  subscriptionId: Type.String({ description: 'ULID of the webhook subscription.' }),
  deliveryId: Type.String({ description: 'ULID of the delivery.' }),
});

export const DeliveryListQuery = Type.Object({
  ...pageQuery(DELIVERIES_PER_PAGE),
  status: Type.Optional(Type.Enum(DELIVERY_STATUSES)),
  event_type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'One exact event type (no patterns).' }),
  ),
});
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

const listFields = {
  id: Ulid,
  subscription_id: Ulid,
  event_id: Ulid,
  event_type: Type.String(),
  entity_id: Type.String(),
  status: Type.Enum(DELIVERY_STATUSES),
  next_attempt_at: Nullable(Timestamp),
  last_attempt_at: Nullable(Timestamp),
  last_response_code: Nullable(Type.Integer()),
  last_response_time_ms: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
};
const listExample = {
  id: '01jd92c3d4e5f6g7h8j9k0m1n2',
  subscription_id: '01jd91b2c3d4e5f6g7h8j9k0m1',
  event_id: '01jd93d4e5f6g7h8j9k0m1n2p3',
  event_type: 'product.activated',
  entity_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  status: 'delivered' as const,
  next_attempt_at: null,
  last_attempt_at: '2026-11-24T09:30:01.000Z',
  last_response_code: 200,
  last_response_time_ms: 182,
  last_error: null,
  created_at: '2026-11-24T09:30:00.000Z',
  updated_at: '2026-11-24T09:30:01.000Z',
};

export const DeliveryResponse = Type.Object({
  ...listFields,
  attempts: Type.Integer({ description: 'Attempts started so far.' }),
});
export type DeliveryResponse = Static<typeof DeliveryResponse>;
nameSchema(DeliveryResponse, 'WebhookDelivery', { ...listExample, attempts: 1 });

export const DeliveryAttemptResponse = Type.Object({
  attempt: Type.Integer(),
  attempted_at: Timestamp,
  response_code: Nullable(Type.Integer()),
  response_time_ms: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
export type DeliveryAttemptResponse = Static<typeof DeliveryAttemptResponse>;
const attemptExample: DeliveryAttemptResponse = {
  attempt: 1,
  attempted_at: '2026-11-24T09:30:01.000Z',
  response_code: 200,
  response_time_ms: 182,
  error: null,
};
nameSchema(DeliveryAttemptResponse, 'WebhookDeliveryAttempt', attemptExample);

export const DeliveryBodyResponse = Type.Object(
  {
    id: Ulid,
    event_type: Type.String(),
    entity_type: Type.String(),
    entity_id: Type.String(),
    occurred_at: Timestamp,
    payload: Nullable(Type.Object({}, { additionalProperties: true })),
  },
  { description: "The JSON body as sent, in the subscription's payload mode (`payload` is null in thin mode)." },
);
const bodyExample: Static<typeof DeliveryBodyResponse> = {
  id: '01jd93d4e5f6g7h8j9k0m1n2p3',
  event_type: 'product.activated',
  entity_type: 'product',
  entity_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  occurred_at: '2026-11-24T09:30:00.000Z',
  payload: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', sku: 'DRL-18V', status: 'active' },
};
nameSchema(DeliveryBodyResponse, 'WebhookDeliveryBody', bodyExample);

export const DeliveryDetailResponse = Type.Object({
  ...listFields,
  entity_type: Type.String(),
  payload: DeliveryBodyResponse,
  attempts: Type.Array(DeliveryAttemptResponse, { description: 'Every attempt made, in order.' }),
  attempts_count: Type.Integer({ description: 'Attempts started so far (the list answers this as `attempts`).' }),
});
export type DeliveryDetailResponse = Static<typeof DeliveryDetailResponse>;
nameSchema(DeliveryDetailResponse, 'WebhookDeliveryDetail', {
  ...listExample,
  entity_type: 'product',
  payload: bodyExample,
  attempts: [attemptExample],
  attempts_count: 1,
});

export const DeliveryRetryResponse = Type.Object({
  delivery_id: Ulid,
  status: Type.Literal('pending'),
  attempt: Type.Integer({ description: 'The number of the attempt that will be made next.' }),
  updated_at: Timestamp,
});
nameSchema(DeliveryRetryResponse, 'WebhookDeliveryRetry', {
  delivery_id: '01jd92c3d4e5f6g7h8j9k0m1n2',
  status: 'pending',
  attempt: 4,
  updated_at: '2026-11-24T10:02:00.000Z',
});

export const DeliveryTestResponse = Type.Object({
  delivery_id: Ulid,
  event_type: Type.Literal('webhook.test'),
  status: Type.Literal('pending'),
});
nameSchema(DeliveryTestResponse, 'WebhookTestDelivery', {
  delivery_id: '01jd92c3d4e5f6g7h8j9k0m1n3',
  event_type: 'webhook.test',
  status: 'pending',
});

export const ReplayBody = Type.Object(
  {
    since: Type.String({ format: 'date-time', description: 'Replay events that occurred at or after this time.' }),
    until: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'And at or before this time (default: now); not before `since`.',
      }),
    ),
    event_types: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: MAX_EVENT_TYPES,
        description:
          "Patterns narrowing the replay further than the subscription's own (exact type, `<entity>.*` or `*`).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReplayBody = Static<typeof ReplayBody>;
withExample(ReplayBody, { since: '2026-11-23T00:00:00Z', until: '2026-11-24T00:00:00Z', event_types: ['product.*'] });

export const ReplayResponse = Type.Object({
  subscription_id: Ulid,
  since: Timestamp,
  until: Timestamp,
  deliveries_created: Type.Integer(),
  already_pending: Type.Integer({
    description: 'Matching events that already had a pending or in-progress delivery: none was added.',
  }),
});
nameSchema(ReplayResponse, 'WebhookReplay', {
  subscription_id: '01jd91b2c3d4e5f6g7h8j9k0m1',
  since: '2026-11-23T00:00:00.000Z',
  until: '2026-11-24T00:00:00.000Z',
  deliveries_created: 14,
  already_pending: 1,
});
