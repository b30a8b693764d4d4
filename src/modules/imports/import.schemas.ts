// The import job resource, its list query and the upload form, as TypeBox schemas (docs/import.md).
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema } from '../../http/named-schemas.js';
import { pageQuery } from '../../http/pagination.js';

export const IMPORT_TYPES = ['products', 'stock_levels', 'suppliers', 'categories', 'sales_orders'] as const;
export const IMPORT_MODES = ['create', 'update', 'upsert'] as const;
export const IMPORT_STATUSES = [
  'queued',
  'validating',
  'running',
  'completed',
  'failed',
  'cancelled',
  'too_many_errors',
] as const;

/** The upload's form fields besides the file (values are text, as a form sends them). */
export const ImportUploadFields = Type.Object(
  {
    type: Type.Enum(IMPORT_TYPES, { description: 'What the rows are.' }),
    mode: Type.Optional(
      Type.Enum(IMPORT_MODES, {
        default: 'create',
        description:
          'create: a row whose key exists is refused; update: a row whose key is unknown is refused; upsert: either. The key is the SKU, supplier code or category slug (stock levels: SKU and warehouse code, every row a count).',
      }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Check every row and report what would happen; nothing is written.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportUploadFields = Static<typeof ImportUploadFields>;

export const ImportResponse = Type.Object({
  id: Ulid,
  type: Type.Enum(IMPORT_TYPES),
  mode: Type.Enum(IMPORT_MODES),
  dry_run: Type.Boolean(),
  status: Type.Enum(IMPORT_STATUSES, {
    description:
      'queued, then validating (the file is read once: header and row count), running, and one of completed, failed (the file as a whole; see error), cancelled, or too_many_errors (stopped because more than the allowed share of its rows were refused; see error).',
  }),
  filename: Type.String(),
  file_size: Type.Integer({ description: 'Bytes.' }),
  rows_total: Nullable(
    Type.Integer({ description: 'Data rows in the file (the header not counted); null until validated.' }),
  ),
  rows_done: Type.Integer({ description: 'Rows imported or refused so far.' }),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer({ description: 'Rows that matched a record already as it was: nothing written.' }),
  failed: Type.Integer({ description: 'Rows refused; the reasons of each listed one are lines of the error report.' }),
  failed_unlisted: Type.Integer({
    description:
      'Refused rows, counted in failed, whose reasons the error report does not list: it keeps those of the first refused rows only.',
  }),
  error: Nullable(
    Type.String({
      description:
        'Why a failed import failed as a whole (the file is not CSV, its header is not usable), or why a too_many_errors one stopped.',
    }),
  ),
  created_by: Type.Object({
    type: Type.String({ description: 'user, token, cli or system.' }),
    user_id: Nullable(Type.String()),
    token_id: Nullable(Type.String()),
    name: Nullable(Type.String()),
  }),
  created_at: Timestamp,
  started_at: Nullable({ ...Timestamp, description: 'When the rows started (validation done).' }),
  finished_at: Nullable(Timestamp),
  duration_ms: Nullable(Type.Integer({ description: 'From created_at to finished_at.' })),
});
export type ImportResponse = Static<typeof ImportResponse>;
nameSchema(ImportResponse, 'ImportJob', {
  id: '01jdb0a1b2c3d4e5f6g7h8j9k0',
  type: 'products',
  mode: 'upsert',
  dry_run: false,
  status: 'running',
  filename: 'catalog.csv',
  file_size: 1_843_200,
  rows_total: 12_000,
  rows_done: 4_500,
  created: 4_100,
  updated: 350,
  unchanged: 40,
  failed: 10,
  failed_unlisted: 0,
  error: null,
  created_by: { type: 'user', user_id: '01jd8v9t0w1x2y3z4a5b6c7d8e', token_id: null, name: 'ops@example.com' },
  created_at: '2026-11-27T10:00:00.000Z',
  started_at: '2026-11-27T10:00:01.250Z',
  finished_at: null,
  duration_ms: null,
});

export const ImportListQuery = Type.Object({
  ...pageQuery(25),
  status: Type.Optional(Type.Enum(IMPORT_STATUSES)),
  type: Type.Optional(Type.Enum(IMPORT_TYPES)),
});
export type ImportListQuery = Static<typeof ImportListQuery>;

export const ImportTypeParams = Type.Object({ type: Type.Enum(IMPORT_TYPES) });
