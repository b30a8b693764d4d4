// The documents routes of one kind of owner: `/operations/<owner>/{id}/documents…`. Uploads are
// multipart; everything else is JSON, and downloads stream the stored bytes.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import { requireAbility } from '../../http/authentication.js';
import { IdParams } from '../../http/common-schemas.js';
import { ifMatch, withETag } from '../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import { multipartBody } from '../../http/multipart-body.js';
import { PaginatedSchema, paginated } from '../../http/pagination.js';
import { can } from '../auth/auth-context.js';
import type { DocumentOwner } from './document-owners.js';
import { receiveUpload, type ReceivedUpload } from './document-upload.js';
import type { Document } from './document.repository.js';
import { documentResource } from './document.presenter.js';
import { DocumentListQuery, DocumentResponse, DocumentUpdateBody, DocumentUploadFields } from './document.schemas.js';
import type { DocumentCaller, DocumentCondition, DocumentService } from './document.service.js';

const DocumentParams = Type.Object({
  ...IdParams.properties,
  documentId: Type.String({ description: 'ULID of the document.' }),
});

/**
 * `attachment` with the name in the UTF-8 `filename*` form whenever it is not plain ASCII. Left to itself the library
 * sends a Latin-1 name (Å, ö…) as raw header bytes in `filename`, which UTF-8 clients read as mojibake.
 */
function attachment(filename: string): string {
  return contentDisposition(filename, { fallback: filename.replace(/[^\x20-\x7e]/g, '_') });
}

const describedFurther = (schema: TSchema, more: string) => ({
  ...schema,
  description: `${(schema as { description?: string }).description ?? ''} ${more}`.trim(),
});

/** An upload's form for the API reference, with the other ways a form may send tags and metadata. */
const UploadForm = {
  ...DocumentUploadFields,
  properties: {
    ...DocumentUploadFields.properties,
    tags: describedFurther(DocumentUploadFields.properties.tags, 'One part per tag, named `tags` or `tags[]`.'),
    metadata: describedFurther(
      DocumentUploadFields.properties.metadata,
      'One part holding a JSON object of text values, or one `metadata[key]` part per key.',
    ),
  },
};
const uploadBody = (fieldsRequired: boolean) => multipartBody({ fields: UploadForm, fieldsRequired });

export interface DocumentRoutesOptions {
  service: DocumentService;
  owners: readonly DocumentOwner[];
  apiPrefix: string;
  now: () => Date;
}

export function documentRoutes({ service, owners, apiPrefix, now }: DocumentRoutesOptions): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Multipart is read only here: everywhere else the API stays JSON-only.
    await app.register(fastifyMultipart);

    for (const owner of owners) {
      const tags = ['Documents'];
      const base = `/operations/${owner.path}/:id/documents`;
      const one = `${base}/:documentId`;
      const what = `${owner.label.toLowerCase()} document`;
      // `Purchase order` gives `PurchaseOrderDocument`: `listPurchaseOrderDocuments`, `getPurchaseOrderDocument`…
      const noun = `${owner.label
        .split(' ')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('')}Document`;
      const caller = (request: FastifyRequest): DocumentCaller => ({
        tenantId: request.auth.tenantId,
        userId: request.auth.user.id,
        canSeeSensitive: can(request.auth, owner.manageAbility),
      });
      const resource = (document: Document) => documentResource(document, apiPrefix, owner, now());
      const condition = (request: FastifyRequest): DocumentCondition | undefined => {
        const precondition = ifMatch(request);
        return precondition && { precondition, present: resource };
      };
      const withUpload = async (
        request: FastifyRequest,
        reply: FastifyReply,
        ownerId: string,
        use: (upload: ReceivedUpload) => Promise<Document>,
      ) => {
        // 404 before a byte of the body is read.
        await service.requireOwner(request.auth.tenantId, owner, ownerId);
        const upload = await receiveUpload(request, owner.maxBytes).catch((error: unknown) => {
          // The rest of a refused body is never read, and a paused socket does not notice its client leave: without
          // closing it the connection would stay open, holding up the server's shutdown.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        });
        try {
          return resource(await use(upload));
        } finally {
          await upload.discard();
        }
      };

      app.get(
        base,
        {
          schema: {
            tags,
            operationId: `list${noun}s`,
            summary: `List ${what}s`,
            params: IdParams,
            querystring: DocumentListQuery,
            response: { 200: PaginatedSchema(DocumentResponse) },
          },
          config: requireAbility(owner.viewAbility),
        },
        async (request) => {
          const { page, per_page, ...filters } = request.query;
          const result = await service.list(caller(request), owner, request.params.id, filters, { page, per_page });
          return paginated(request, { page, per_page }, { ...result, items: result.items.map(resource) });
        },
      );

      app.post(
        base,
        {
          schema: {
            tags,
            operationId: `upload${noun}`,
            summary: `Upload a ${what} (multipart/form-data, at most ${owner.maxBytes / 1024 / 1024} MB)`,
            params: IdParams,
            response: { 201: EnvelopeSchema(DocumentResponse) },
            body: uploadBody(true),
          },
          // The body is read after the idempotency check would have to hash it, so uploads do not take part.
          config: {
            ...requireAbility(owner.manageAbility),
            idempotency: false,
            conditional: 'create',
            audit: 'recorded',
          },
        },
        async (request, reply) => {
          const created = await withUpload(request, reply, request.params.id, (upload) =>
            service.upload(caller(request), owner, request.params.id, upload),
          );
          return reply.code(201).send(ok(withETag(reply, created), 'Document uploaded successfully'));
        },
      );

      app.get(
        one,
        {
          schema: {
            tags,
            operationId: `get${noun}`,
            summary: `Get a ${what}`,
            params: DocumentParams,
            response: { 200: EnvelopeSchema(DocumentResponse) },
          },
          config: { ...requireAbility(owner.viewAbility), conditional: 'read' },
        },
        async (request, reply) =>
          ok(
            withETag(
              reply,
              resource(await service.get(caller(request), owner, request.params.id, request.params.documentId)),
            ),
          ),
      );

      app.route({
        method: ['PUT', 'PATCH'],
        url: one,
        schema: {
          tags,
          operationId: `update${noun}`,
          summary: `Update a ${what}'s details (partial)`,
          params: DocumentParams,
          body: DocumentUpdateBody,
          response: { 200: EnvelopeSchema(DocumentResponse) },
        },
        config: { ...requireAbility(owner.manageAbility), conditional: 'write', audit: 'recorded' },
        handler: async (request, reply) =>
          ok(
            withETag(
              reply,
              resource(
                await service.update(
                  caller(request),
                  owner,
                  request.params.id,
                  request.params.documentId,
                  request.body,
                  condition(request),
                ),
              ),
            ),
            'Document updated successfully',
          ),
      });

      app.delete(
        one,
        {
          schema: {
            tags,
            operationId: `delete${noun}`,
            summary: `Delete a ${what} (soft delete)`,
            params: DocumentParams,
            response: { 200: EnvelopeSchema(Type.Null()) },
          },
          config: { ...requireAbility(owner.manageAbility), conditional: 'guard', audit: 'recorded' },
        },
        async (request) => {
          await service.remove(
            caller(request),
            owner,
            request.params.id,
            request.params.documentId,
            condition(request),
          );
          return ok(null, 'Document deleted successfully');
        },
      );

      app.get(
        `${one}/download`,
        {
          schema: {
            tags,
            operationId: `download${noun}File`,
            summary: `Download a ${what}'s file (Content-Type detected from its bytes)`,
            params: DocumentParams,
            // Sent as bytes, never serialised: the schema only documents the answer.
            response: {
              200: {
                description: "The file's bytes.",
                content: {
                  'application/octet-stream': { schema: Type.Unsafe<Readable>({ type: 'string', format: 'binary' }) },
                },
              },
            },
          },
          config: requireAbility(owner.viewAbility),
          // The stored bytes as uploaded, with their length and their checksum as the ETag: never re-encoded.
          compress: false,
        },
        async (request, reply) => {
          const { document, content } = await service.open(
            caller(request),
            owner,
            request.params.id,
            request.params.documentId,
          );
          return reply
            .header('content-type', document.mime_type)
            .header('content-length', String(document.size_bytes))
            .header('content-disposition', attachment(document.original_filename))
            .header('etag', `"${document.checksum_sha256}"`)
            .header('cache-control', 'private, no-cache')
            .header('x-content-type-options', 'nosniff')
            .send(content);
        },
      );

      if (owner.renewable) {
        app.post(
          `${one}/renew`,
          {
            schema: {
              tags,
              operationId: `renew${noun}`,
              summary: `Renew a ${what}: upload its new version and archive this one`,
              params: DocumentParams,
              response: { 201: EnvelopeSchema(DocumentResponse) },
              body: uploadBody(false),
            },
            config: {
              ...requireAbility(owner.manageAbility),
              idempotency: false,
              conditional: 'write',
              audit: 'recorded',
            },
          },
          async (request, reply) => {
            const renewed = await withUpload(request, reply, request.params.id, (upload) =>
              service.renew(
                caller(request),
                owner,
                request.params.id,
                request.params.documentId,
                upload,
                condition(request),
              ),
            );
            return reply.code(201).send(ok(withETag(reply, renewed), 'Document renewed successfully'));
          },
        );
      }
    }
  };
}
