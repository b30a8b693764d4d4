// Purchase order document routes: the order's PDF, shown inline.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import type { PurchaseOrderDocuments } from './purchase-order.documents.js';

const tags = ['Purchase orders'];

/** GET /operations/purchase-orders/{id}/pdf, relative to the API prefix. */
export function purchaseOrderDocumentRoutes({
  documents,
}: {
  documents: PurchaseOrderDocuments;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/purchase-orders/:id/pdf',
      {
        schema: {
          tags,
          operationId: 'getPurchaseOrderPdf',
          summary: 'The purchase order as a PDF (application/pdf, shown inline)',
          params: IdParams,
          // Sent as bytes, never serialised: the schema only documents the answer.
          response: {
            200: {
              description: 'The PDF.',
              content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
            },
          },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request, reply) => {
        const { fileName, content } = await documents.pdf(request.auth.tenantId, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .send(content);
      },
    );
  };
}
