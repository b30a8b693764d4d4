// Routes of the product attribute-value reads: export (JSON envelope or CSV file), compare, statistics.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { sendExport } from '../../../http/files.js';
import {
  AttributeCompareBody,
  AttributeComparisonResponse,
  AttributeValueExportQuery,
  AttributeValueExportResponse,
  AttributeValueStatisticsResponse,
  EXPORT_COLUMNS,
  ProductIdParams,
} from './product-attribute-value.schemas.js';
import type { ProductAttributeValueService } from './product-attribute-value.service.js';

const tags = ['Product attribute values'];
const VIEW = 'operations:view-products';

const ExportResponse = {
  description:
    'JSON: an envelope. CSV: a file (Content-Disposition: attachment; filename product-<sku>-attributes-<date>.csv).',
  content: {
    'application/json': { schema: AttributeValueExportResponse },
    'text/csv': {
      schema: Type.String({
        description: `Columns: ${EXPORT_COLUMNS.join(', ')}. value: booleans true/false, multiselect and json as JSON text; cells starting with = + - @ are prefixed with a quote, except numbers in value.`,
      }),
    },
  },
};

export function productAttributeValueRoutes({
  service,
}: {
  service: ProductAttributeValueService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/products/:id/attribute-values/export',
      {
        schema: {
          tags,
          operationId: 'exportProductAttributeValues',
          summary: "Export a product's attribute values as JSON or CSV",
          params: ProductIdParams,
          querystring: AttributeValueExportQuery,
          response: { 200: ExportResponse },
        },
        config: requireAbility(VIEW),
      },
      async (request, reply) => {
        const { format } = request.query;
        const exported = await service.exportValues(request.auth.tenantId, request.params.id, format);
        if (format === 'csv') {
          return sendExport(
            reply,
            'csv',
            service.exportBaseName(exported.product),
            EXPORT_COLUMNS,
            exported.values,
            exported.exported_at,
          );
        }
        return reply.type('application/json; charset=utf-8').send(
          ok(
            {
              product_id: exported.product.id,
              product_name: exported.product.name,
              product_barcode: exported.product.barcode,
              exported_at: exported.exported_at.toISOString(),
              format: 'json' as const,
              values: exported.values,
              total: exported.values.length,
            },
            'Attribute values exported successfully',
          ),
        );
      },
    );

    app.post(
      '/operations/products/compare-attributes',
      {
        schema: {
          tags,
          operationId: 'compareProductAttributes',
          summary: "Compare two products' attribute values",
          description:
            'A read (needs operations:view-products). Unknown, deleted or other-tenant products and attributes, and the same product twice, are 422 on the field.',
          body: AttributeCompareBody,
          response: { 200: EnvelopeSchema(AttributeComparisonResponse) },
        },
        config: { ...requireAbility(VIEW), audit: { exempt: 'a read, sent as POST for its list of products' } },
      },
      async (request) =>
        ok(await service.compare(request.auth.tenantId, request.body), 'Attributes compared successfully'),
    );

    app.get(
      '/operations/product-attribute-values/statistics',
      {
        schema: {
          tags,
          operationId: 'getAttributeValueStatistics',
          summary: 'Attribute value statistics',
          response: { 200: EnvelopeSchema(AttributeValueStatisticsResponse) },
        },
        config: requireAbility(VIEW),
      },
      async (request) => ok(await service.statistics(request.auth.tenantId)),
    );
  };
}
