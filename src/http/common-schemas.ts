// Schemas shared by many routes: ids, timestamps, and the error bodies (documented on every route).
import { Type, type TSchema } from 'typebox';
import { MAX_LINK_LENGTH } from '../lib/links.js';
import { nameSchema } from './named-schemas.js';

export const Ulid = Type.String({ pattern: '^[0-9a-hjkmnp-tv-z]{26}$', description: 'ULID, 26 lowercase characters.' });
/** Path ids are plain strings: a malformed id simply finds nothing and answers 404. */
export const IdParams = Type.Object({ id: Type.String({ description: 'ULID of the record.' }) });
export const Timestamp = Type.String({ format: 'date-time' });
/**
 * A query parameter with a default: optional to a client (the OpenAPI document lists it as not required), yet typed
 * as always present in the handler, since Ajv fills in the default (`useDefaults`) before any handler runs.
 */
export const Defaulted = <T extends TSchema>(schema: T): T => Type.Optional(schema) as unknown as T;

/** A window's length (days, weeks) as a query parameter: a whole number from 1 to `maximum`, `fallback` when omitted. */
export const WindowLength = (maximum: number, fallback: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum, default: fallback, description }));
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A link to a page or file on the web (formats of core/validation.ts): nothing a browser would run. */
export const HttpUrl = Type.String({
  maxLength: MAX_LINK_LENGTH,
  format: 'http-url',
  description: `An absolute http or https URL with a host, at most ${MAX_LINK_LENGTH} characters, without spaces.`,
});
export const HttpUrlOrPath = Type.String({
  minLength: 1,
  maxLength: MAX_LINK_LENGTH,
  format: 'http-url-or-path',
  description: `An absolute http or https URL, or a relative path or name without a scheme (\`/media/a.jpg\`, \`a.jpg\`; not \`//host/…\`), at most ${MAX_LINK_LENGTH} characters, without spaces.`,
});

const nullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** A postal address (warehouses, suppliers): every part optional and nullable. */
export const AddressSchema = Type.Object(
  {
    street: Type.Optional(nullableText(255)),
    city: Type.Optional(nullableText(120)),
    state: Type.Optional(nullableText(120)),
    postal_code: Type.Optional(nullableText(32)),
    country: Type.Optional(nullableText(120)),
  },
  { additionalProperties: false },
);

/** Every error body's machine-readable code: the status's own, or the rule the request breaks (docs/errors.md). */
export const ErrorCode = Type.String({
  description:
    "Machine-readable and stable: the status's generic code (`not_found`, `validation_failed`…) or the business rule broken (`insufficient_stock`…). Catalogue: docs/errors.md.",
  examples: ['insufficient_stock'],
});

export const ErrorBody = Type.Object(
  { success: Type.Literal(false), message: Type.String(), code: ErrorCode },
  { additionalProperties: true, description: 'An error.' },
);
export const NotFoundBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: ErrorCode,
  data: Type.Null(),
  meta: Type.Object({}),
});
export const ValidationErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: ErrorCode,
  // Any key, line breaks included: a Record's key pattern (`^.*$`) would drop a key naming a refused header name.
  errors: Type.Optional(Type.Object({}, { additionalProperties: Type.Array(Type.String()) })),
});
nameSchema(ErrorBody, 'Error', {
  success: false,
  message: 'This action requires the ability operations:edit-products.',
  code: 'forbidden',
});
nameSchema(NotFoundBody, 'NotFoundError', {
  success: false,
  message: 'Product not found.',
  code: 'not_found',
  data: null,
  meta: {},
});
nameSchema(ValidationErrorBody, 'ValidationError', {
  success: false,
  message: 'The given data was invalid.',
  code: 'validation_failed',
  errors: {
    name: ['The name field is required.'],
    'items.0.quantity': ['The items[0].quantity field must be at least 1.'],
  },
});

/** Error responses added to every API route's documentation (and used to serialise those bodies). */
export const standardErrorResponses = {
  401: { ...ErrorBody, description: 'Unauthenticated.' },
  403: { ...ErrorBody, description: 'The token or role lacks the ability.' },
  404: { ...NotFoundBody, description: 'Not found, also for records of another tenant.' },
  422: { ...ValidationErrorBody, description: 'Invalid data or a broken business rule.' },
  413: { ...ErrorBody, description: 'The body (or an uploaded file) is too large.' },
  429: { ...ErrorBody, description: 'Too many requests; see Retry-After.' },
  503: {
    ...ErrorBody,
    description: 'The database is busy (a deadlock or serialization failure outlasted its retries); see Retry-After.',
  },
};

// Conditional requests (http/conditional.ts): added to a route's schema by its `conditional` config.
export const ETagHeader = Type.String({
  description: 'The strong entity tag of the record as `GET` answers it; send it back in If-Match or If-None-Match.',
  examples: ['"3q2-7wZtXrYc4ZcQ3nQe1A"'],
});
export const IfNoneMatchHeaders = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({
      description: 'ETags (or `*`): the answer is 304 with no body when the record still has one of them.',
    }),
  ),
});
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'ETags (or `*` for any existing record): the change is made only if the record still has one of them, else 412. Without it the change is made whatever the record holds.',
    }),
  ),
});
export const NotModifiedResponse = {
  type: 'null',
  description: 'Not modified: the record still has the ETag given in If-None-Match. No body.',
};
export const PreconditionFailedBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    code: Type.Literal('precondition_failed'),
    current_etag: Nullable(Type.String({ description: 'The ETag the record has now; null when it does not exist.' })),
  },
  {
    description: 'The record changed since the version given in If-Match; `current_etag` names the version it has now.',
  },
);
nameSchema(PreconditionFailedBody, 'PreconditionFailedError', {
  success: false,
  message: 'The record has changed since the version given in If-Match.',
  code: 'precondition_failed',
  current_etag: '"q4F7dZ0bXk2mN8sV1cT5wA"',
});
