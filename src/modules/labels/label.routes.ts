// Label routes: printable barcode labels of one product, of a selection of products, and of a purchase order's
// receipt, each a PDF shown inline.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { requireAbility } from '../../http/authentication.js';
import { IdParams } from '../../http/common-schemas.js';
import {
  LabelSelectionBody,
  LabelsPdfResponse,
  ProductLabelsQuery,
  ReceiptLabelParams,
  ReceiptLabelsQuery,
} from './label.schemas.js';
import type { LabelService, LabelsPdf } from './label.service.js';

const LIMITS =
  'At most 1000 labels per document (422). The barcode is EAN-13 for a valid GTIN-13, UPC-A for a valid GTIN-12, else Code 128 of the barcode or, without one, of the SKU.';

function sendPdf(reply: FastifyReply, { fileName, content }: LabelsPdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(content);
}

/** GET …/products/{id}/labels.pdf, POST …/products/labels, GET …/purchase-orders/{id}/receipts/{receiptId}/labels.pdf. */
export function labelRoutes({ service }: { service: LabelService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/products/:id/labels.pdf',
      {
        schema: {
          tags: ['Products'],
          operationId: 'getProductLabels',
          summary: 'Printable labels of a product (application/pdf): barcode, name, SKU and price',
          description: `\`copies\` labels of the product on the layout's stock. ${LIMITS} Another tenant's product: 404.`,
          params: IdParams,
          querystring: ProductLabelsQuery,
          response: { 200: LabelsPdfResponse },
        },
        config: requireAbility('operations:view-products'),
      },
      async (request, reply) => {
        const { copies, ...options } = request.query;
        return sendPdf(reply, await service.product(request.auth.tenantId, request.params.id, copies, options));
      },
    );

    app.post(
      '/operations/products/labels',
      {
        schema: {
          tags: ['Products'],
          operationId: 'printProductLabels',
          summary: 'Printable labels of several products (application/pdf), in the order listed',
          description: `Each item's \`copies\` labels, in the order of \`items\`. ${LIMITS} A product not found in the tenant is 422 on \`items.<i>.product_id\`.`,
          body: LabelSelectionBody,
          response: { 200: LabelsPdfResponse },
        },
        config: {
          ...requireAbility('operations:view-products'),
          audit: { exempt: 'a read, sent as POST for its list of products' },
        },
      },
      async (request, reply) => {
        const { items, ...options } = request.body;
        return sendPdf(reply, await service.selection(request.auth.tenantId, items, options));
      },
    );

    app.get(
      '/operations/purchase-orders/:id/receipts/:receiptId/labels.pdf',
      {
        schema: {
          tags: ['Purchase orders'],
          operationId: 'getPurchaseOrderReceiptLabels',
          summary: 'Printable labels of the goods of a receipt (application/pdf): one per unit received, or per line',
          description: `The receipt's lines in the order's line order. ${LIMITS} Another tenant's order, or a receipt of another order: 404.`,
          params: ReceiptLabelParams,
          querystring: ReceiptLabelsQuery,
          response: { 200: LabelsPdfResponse },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request, reply) => {
        const { per, ...options } = request.query;
        const { id, receiptId } = request.params;
        return sendPdf(reply, await service.receipt(request.auth.tenantId, id, receiptId, per, options));
      },
    );
  };
}
