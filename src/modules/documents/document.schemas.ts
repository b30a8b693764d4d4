import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema, withExample } from '../../http/named-schemas.js';
import { pageQuery } from '../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../http/updated-since.js';

const MAX_TAGS = 20;

const TagList = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: MAX_TAGS,
  description: "Tags from the owner's allowed list.",
});
// Keys are checked by the service (a pattern here would let Ajv drop bad keys silently).
const Metadata = Type.Record(Type.String(), Type.String({ maxLength: 1000 }), {
  maxProperties: 50,
  description: 'Free key-value pairs (display_order, width, height, alt_text, version, language, revision_date…).',
});
/** A timestamp, or a date meaning the start of that day (UTC). */
const ExpiresAt = Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })]);

/** The form fields of an upload, after multipart parsing (text values, coerced). */
export const DocumentUploadFields = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 100, description: 'What the document is: contract, manual, image…' }),
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "Display name; the file's name when omitted." }),
  ),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  tags: Type.Optional(TagList),
  // No schema defaults: a renewal that omits a flag keeps the renewed document's (the service defaults uploads to false).
  is_public: Type.Optional(Type.Boolean()),
  is_sensitive: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(ExpiresAt),
  metadata: Type.Optional(Metadata),
});
export type DocumentUploadFields = Static<typeof DocumentUploadFields>;

/** A renewal may change any field; the ones it omits are kept from the renewed document (expiry excepted). */
export const DocumentRenewFields = Type.Partial(DocumentUploadFields);
export type DocumentRenewFields = Static<typeof DocumentRenewFields>;

export const DocumentUpdateBody = Type.Object(
  {
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    tags: Type.Optional(TagList),
    is_public: Type.Optional(Type.Boolean()),
    is_sensitive: Type.Optional(Type.Boolean()),
    expires_at: Type.Optional(Nullable(ExpiresAt)),
    metadata: Type.Optional(Metadata),
  },
  // Unknown keys are dropped: the service writes the body's fields to the row.
  {
    additionalProperties: false,
    description: 'Fields to change; the file itself is replaced by renewing (suppliers) or uploading anew.',
  },
);
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;
withExample(DocumentUpdateBody, {
  name: 'Safety data sheet (2026)',
  tags: ['safety'],
  expires_at: '2027-12-31',
  metadata: { language: 'en' },
});

export const DocumentListQuery = Type.Object({
  type: Type.Optional(Type.String({ description: 'Comma list of document types.' })),
  tags: Type.Optional(Type.String({ description: 'Comma list of tags; a document with any of them matches.' })),
  include_archived: Defaulted(
    Type.Boolean({ default: false, description: 'Also list documents replaced by a renewal.' }),
  ),
  expiring_within_days: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 3650,
      description: 'Only documents whose expiry falls between now and now + N days, soonest first.',
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Type.Optional(
    Type.Enum(['created_at', 'updated_at'], {
      description:
        'Omitted: newest first (created_at desc), or soonest expiry first with expiring_within_days. Ties break on id.',
    }),
  ),
  sort_direction: Type.Optional(
    Type.Enum(SORT_DIRECTIONS, { description: 'With sort_by; default desc for created_at, asc for updated_at.' }),
  ),
  ...pageQuery(25),
});
export type DocumentListQuery = Static<typeof DocumentListQuery>;

export const DocumentParams = Type.Object({
  ownerId: Type.String({ description: 'ULID of the product, supplier or purchase order.' }),
  documentId: Type.String({ description: 'ULID of the document.' }),
});
export const OwnerParams = Type.Object({
  ownerId: Type.String({ description: 'ULID of the product, supplier or purchase order.' }),
});

export const DocumentResponse = Type.Object({
  id: Ulid,
  owner_type: Type.String({ description: 'product, supplier or purchase_order' }),
  owner_id: Ulid,
  type: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  is_public: Type.Boolean({
    description: 'A flag for the integrator (e.g. show on a storefront); downloads always need authentication.',
  }),
  is_sensitive: Type.Boolean({
    description: "Listed and served only to callers who may manage the owner's documents.",
  }),
  expires_at: Nullable(Timestamp),
  is_expired: Type.Boolean(),
  metadata: Type.Record(Type.String(), Type.String()),
  file_name: Type.String({ description: 'The uploaded file name, used for downloads.' }),
  mime_type: Type.String({ description: "Detected from the file's bytes." }),
  extension: Nullable(Type.String()),
  size_bytes: Type.Integer(),
  checksum_sha256: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('archived')]),
  archived_at: Nullable(Timestamp),
  renews_id: Nullable(Ulid),
  renewed_by_id: Nullable(Ulid),
  uploaded_by: Nullable(Ulid),
  download_url: Type.String({ description: 'Path of the download endpoint.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type DocumentResponse = Static<typeof DocumentResponse>;
nameSchema(DocumentResponse, 'Document', {
  id: '01jd90a1b2c3d4e5f6g7h8j9k0',
  owner_type: 'product',
  owner_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  type: 'manual',
  name: 'User manual',
  description: 'Operating and safety instructions.',
  tags: ['manual'],
  is_public: true,
  is_sensitive: false,
  expires_at: null,
  is_expired: false,
  metadata: { language: 'en' },
  file_name: 'drl-18v-manual.pdf',
  mime_type: 'application/pdf',
  extension: 'pdf',
  size_bytes: 482113,
  checksum_sha256: '9f2c1c7d0a3e4b5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7',
  status: 'active',
  archived_at: null,
  renews_id: null,
  renewed_by_id: null,
  uploaded_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  download_url: '/api/v1/operations/products/01jd8x4k3m2n5p6q7r8s9t0v1w/documents/01jd90a1b2c3d4e5f6g7h8j9k0/download',
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});
