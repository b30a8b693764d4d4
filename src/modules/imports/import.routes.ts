// The imports routes: `/operations/imports…`. The upload is multipart; the job, its list and its cancellation are
// JSON; the error report and the templates are CSV files.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { ForbiddenError } from '../../core/errors.js';
import { requireAbility } from '../../http/authentication.js';
import { IdParams } from '../../http/common-schemas.js';
import { withETag } from '../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import { multipartBody } from '../../http/multipart-body.js';
import { PaginatedSchema, paginated } from '../../http/pagination.js';
import { toCsv } from '../../lib/csv.js';
import { can } from '../auth/auth-context.js';
import { receiveUpload } from '../documents/document-upload.js';
import type { ImportMode, ImportType } from '../../db/schema.js';
import { ImportListQuery, ImportResponse, ImportTypeParams, ImportUploadFields } from './import.schemas.js';
import type { ImportService } from './import.service.js';
import type { ProductExport } from './product-export.js';
import type { SalesOrderExport } from './sales-order-export.js';
import { OrderListQuery } from '../sales/orders/order.schemas.js';
import type { RowImporter } from './importers/row-importer.js';

const tags = ['Imports'];
const BASE = '/operations/imports';

/** The abilities of the single writes an import of a type makes in a mode: the caller needs them all. */
const WRITE_ABILITIES: Readonly<Record<ImportType, Readonly<Record<ImportMode, readonly string[]>>>> = {
  products: {
    create: ['operations:create-products'],
    update: ['operations:edit-products'],
    upsert: ['operations:create-products', 'operations:edit-products'],
  },
  suppliers: {
    create: ['operations:create-suppliers'],
    update: ['operations:edit-suppliers'],
    upsert: ['operations:create-suppliers', 'operations:edit-suppliers'],
  },
  categories: {
    create: ['operations:manage-product-categories'],
    update: ['operations:manage-product-categories'],
    upsert: ['operations:manage-product-categories'],
  },
  stock_levels: {
    create: ['operations:adjust-stock'],
    update: ['operations:adjust-stock'],
    upsert: ['operations:adjust-stock'],
  },
  // An order that names a new customer creates it.
  sales_orders: {
    create: ['sales:create-orders', 'crm:create-customers'],
    update: ['sales:create-orders', 'crm:create-customers'],
    upsert: ['sales:create-orders', 'crm:create-customers'],
  },
};

const SalesOrderExportQuery = Type.Pick(OrderListQuery, ['status', 'channel', 'created_from', 'created_to']);

const uploadBody = multipartBody({ fields: ImportUploadFields, file: 'The CSV file, UTF-8, with a header row.' });

const csvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: Type.Unsafe<Readable | string>({ type: 'string' }) } },
});

export interface ImportRoutesOptions {
  service: ImportService;
  productExport: ProductExport;
  salesOrderExport: SalesOrderExport;
  now: () => Date;
  importers: Readonly<Record<ImportType, RowImporter>>;
  maxFileBytes: number;
}

export function importRoutes({
  service,
  productExport,
  salesOrderExport,
  now,
  importers,
  maxFileBytes,
}: ImportRoutesOptions): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(fastifyMultipart);

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'startImport',
          summary: 'Import a CSV file (products, stock levels, suppliers, categories or sales orders) as a job',
          description:
            'Answers 202 with the queued job; a worker runs it. Besides operations:run-imports the caller needs the abilities of the writes the import makes: for products create-products (create), edit-products (update) or both (upsert), likewise for suppliers, manage-product-categories for categories, adjust-stock for stock levels, and sales:create-orders with crm:create-customers for sales orders. See docs/import.md.',
          body: uploadBody,
          response: { 202: EnvelopeSchema(ImportResponse) },
        },
        config: {
          ...requireAbility('operations:run-imports'),
          audit: { exempt: "queues a job: each row's write is recorded as the worker makes it, as the caller's" },
        },
      },
      async (request, reply) => {
        const upload = await receiveUpload(request, maxFileBytes).catch((error: unknown) => {
          // The rest of a refused body is never read: close the connection rather than leave it paused.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        });
        try {
          const fields = service.fields(upload.fields);
          const missing = WRITE_ABILITIES[fields.type][fields.mode].find((ability) => !can(request.auth, ability));
          if (missing) throw ForbiddenError.missingAbility(missing);
          const job = await service.start(request.auth.tenantId, fields, upload.file);
          return reply.code(202).send(ok(job, 'Import queued'));
        } finally {
          await upload.discard();
        }
      },
    );

    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listImports',
          summary: 'List import jobs, newest first',
          querystring: ImportListQuery,
          response: { 200: PaginatedSchema(ImportResponse) },
        },
        config: requireAbility('operations:view-imports'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.list(request.auth.tenantId, filters, { page, per_page }),
        );
      },
    );

    app.get(
      `${BASE}/templates/:type`,
      {
        schema: {
          tags,
          operationId: 'getImportTemplate',
          summary: 'The CSV template of an import type: its header row',
          params: ImportTypeParams,
          response: { 200: csvFile('The header row.') },
        },
        config: requireAbility('operations:view-imports'),
      },
      async (request, reply) => {
        const { type } = request.params;
        const columns = await importers[type].templateColumns(request.auth.tenantId);
        reply.header('content-disposition', `attachment; filename="${type}-template.csv"`);
        return reply.type('text/csv; charset=utf-8').send(toCsv(columns, []));
      },
    );

    app.get(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          operationId: 'getImport',
          summary: 'Get an import job: status, progress and counts',
          params: IdParams,
          response: { 200: EnvelopeSchema(ImportResponse) },
        },
        config: { ...requireAbility('operations:view-imports'), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );

    app.get(
      `${BASE}/:id/errors.csv`,
      {
        schema: {
          tags,
          operationId: 'getImportErrors',
          summary: 'The refused rows of an import: row, column, value, message',
          params: IdParams,
          response: { 200: csvFile('One line per reason a row was refused, in row order.') },
        },
        config: requireAbility('operations:view-imports'),
      },
      async (request, reply) => {
        const report = await service.errorReport(request.auth.tenantId, request.params.id);
        reply.header('content-disposition', `attachment; filename="import-${request.params.id}-errors.csv"`);
        return reply.type('text/csv; charset=utf-8').send(report);
      },
    );

    app.get(
      '/operations/products/export',
      {
        schema: {
          tags: ['Products'],
          operationId: 'exportProducts',
          summary: 'Export every live product and variant as CSV, in the product import format',
          description:
            'Edit the file and import it with mode update or upsert: only the rows whose values differ change. See docs/import.md.',
          response: { 200: csvFile('A header row, then one row per product, ordered by id.') },
        },
        config: requireAbility('operations:view-products'),
      },
      async (request, reply) => {
        const csv = await productExport.csv(request.auth.tenantId);
        reply.header('content-disposition', `attachment; filename="products-${now().toISOString().slice(0, 10)}.csv"`);
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );

    app.get(
      '/sales/orders/export',
      {
        schema: {
          tags: ['Sales orders'],
          operationId: 'exportSalesOrders',
          summary: 'Export sales orders as CSV, one row per line, in the sales order import format',
          description:
            "The columns after the import's (number, status, quantities shipped and returned) are ignored by an import of the file. See docs/import.md.",
          querystring: SalesOrderExportQuery,
          response: { 200: csvFile('A header row, then one row per order line, orders by id.') },
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request, reply) => {
        const csv = await salesOrderExport.csv(request.auth.tenantId, request.query);
        reply.header(
          'content-disposition',
          `attachment; filename="sales-orders-${now().toISOString().slice(0, 10)}.csv"`,
        );
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );

    app.post(
      `${BASE}/:id/cancel`,
      {
        schema: {
          tags,
          operationId: 'cancelImport',
          summary: 'Cancel an import that has not ended',
          params: IdParams,
          response: { 200: EnvelopeSchema(ImportResponse) },
        },
        config: {
          ...requireAbility('operations:run-imports'),
          audit: {
            exempt:
              'the job keeps its own end: status cancelled and finished_at; its rows written so far have their entries',
          },
        },
      },
      async (request) => ok(await service.cancel(request.auth.tenantId, request.params.id), 'Import cancelled'),
    );
  };
}
