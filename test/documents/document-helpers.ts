// Builds document uploads for the HTTP tests: a multipart form with the API's field spellings (`tags[]`,
// `metadata[key]`; docs/decisions/documents.md, Documents).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type OwnerPath = 'products' | 'suppliers' | 'purchase-orders';

export interface UploadInput {
  file?: Buffer;
  filename?: string;
  /** The part's declared Content-Type; never trusted by the server. */
  declaredType?: string;
  type?: string;
  tags?: string[];
  /** Tags sent as repeated `tags` parts, as generated clients send a list. */
  repeatedTags?: string[];
  metadata?: Record<string, string>;
  /** Any other form field, sent as text. */
  fields?: Record<string, string>;
}

export function documentForm(input: UploadInput): FormData {
  const form = new FormData();
  if (input.type !== undefined) form.append('type', input.type);
  for (const tag of input.tags ?? []) form.append('tags[]', tag);
  for (const tag of input.repeatedTags ?? []) form.append('tags', tag);
  for (const [key, value] of Object.entries(input.metadata ?? {})) form.append(`metadata[${key}]`, value);
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  if (input.file)
    form.append(
      'file',
      new Blob([input.file], { type: input.declaredType ?? 'application/octet-stream' }),
      input.filename ?? 'upload.bin',
    );
  return form;
}

export function documentsUrl(owner: OwnerPath, ownerId: string, rest = ''): string {
  return `/api/v1/operations/${owner}/${ownerId}/documents${rest}`;
}

/** POSTs an upload (or a renewal when `documentId` is given). */
export function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  owner: OwnerPath,
  ownerId: string,
  input: UploadInput,
  documentId?: string,
): Promise<LightMyRequestResponse> {
  const url = documentsUrl(owner, ownerId, documentId ? `/${documentId}/renew` : '');
  return app.inject({ method: 'POST', url, headers: auth, payload: documentForm(input) });
}
