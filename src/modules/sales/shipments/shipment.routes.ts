// Shipment HTTP routes: the order's shipments (list, create), every shipment (list, get), the steps of one
// (pick, pack, ship, deliver, cancel), its packing slip and pick list, and the pick list of several shipments.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import type { PdfFile, ShipmentDocuments } from './shipment.documents.js';
import {
  OrderShipmentListQuery,
  PickListQuery,
  ShipmentCancelBody,
  ShipmentCreateBody,
  ShipmentDeliverBody,
  ShipmentListQuery,
  ShipmentPackBody,
  ShipmentResponse,
  ShipmentShipBody,
  ShipmentStepBody,
} from './shipment.schemas.js';
import type { ShipmentService } from './shipment.service.js';

const tags = ['Shipments'];
const BASE = '/sales/shipments';
const ONE = `${BASE}/:id`;
const One = EnvelopeSchema(ShipmentResponse);
const Pdf = {
  200: {
    description: 'The PDF.',
    content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
  },
};

/** The shipment routes, relative to the API prefix. */
export function shipmentRoutes({
  service,
  documents,
}: {
  service: ShipmentService;
  documents: ShipmentDocuments;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listShipments',
          summary: 'List shipments',
          querystring: ShipmentListQuery,
          response: { 200: PaginatedSchema(ShipmentResponse) },
        },
        config: requireAbility('sales:view-orders'),
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
      '/sales/orders/:id/shipments',
      {
        schema: {
          tags,
          operationId: 'listOrderShipments',
          summary: 'List the shipments of a sales order',
          params: IdParams,
          querystring: OrderShipmentListQuery,
          response: { 200: PaginatedSchema(ShipmentResponse) },
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        return paginated(
          request,
          { page, per_page },
          await service.listOfOrder(request.auth.tenantId, request.params.id, filters, { page, per_page }),
        );
      },
    );

    app.post(
      '/sales/orders/:id/shipments',
      {
        schema: {
          tags,
          operationId: 'createShipment',
          summary: 'Create a shipment of a sales order from one warehouse (draft)',
          params: IdParams,
          body: ShipmentCreateBody,
          response: { 201: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const shipment = await service.create(
          request.auth.tenantId,
          request.auth.user.id,
          request.params.id,
          request.body,
        );
        return reply.code(201).send(ok(withETag(reply, shipment), 'Shipment created successfully'));
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getShipment',
          summary: 'Get a shipment with its lines',
          params: IdParams,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:view-orders'), conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, await service.get(request.auth.tenantId, request.params.id))),
    );

    app.post(
      `${ONE}/pick`,
      {
        schema: {
          tags,
          operationId: 'pickShipment',
          summary: 'Start picking a draft shipment',
          params: IdParams,
          body: ShipmentStepBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.pick(request.auth.tenantId, request.params.id, request.body ?? {}, ifMatch(request)),
          ),
          'Shipment picking',
        ),
    );

    app.post(
      `${ONE}/pack`,
      {
        schema: {
          tags,
          operationId: 'packShipment',
          summary: 'Mark a draft or picking shipment packed, with the lines picked short',
          params: IdParams,
          body: ShipmentPackBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.pack(
              request.auth.tenantId,
              request.auth.user.id,
              request.params.id,
              request.body ?? {},
              ifMatch(request),
            ),
          ),
          'Shipment packed',
        ),
    );

    app.post(
      `${ONE}/ship`,
      {
        schema: {
          tags,
          operationId: 'shipShipment',
          summary: 'Ship: consume its reservations, take the stock out, move the order on',
          params: IdParams,
          body: ShipmentShipBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.ship(
              request.auth.tenantId,
              request.auth.user.id,
              request.params.id,
              request.body,
              ifMatch(request),
            ),
          ),
          'Shipment shipped',
        ),
    );

    app.post(
      `${ONE}/deliver`,
      {
        schema: {
          tags,
          operationId: 'deliverShipment',
          summary: 'Mark a shipped shipment delivered',
          params: IdParams,
          body: ShipmentDeliverBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.deliver(request.auth.tenantId, request.params.id, request.body ?? {}, ifMatch(request)),
          ),
          'Shipment delivered',
        ),
    );

    app.post(
      `${ONE}/cancel`,
      {
        schema: {
          tags,
          operationId: 'cancelShipment',
          summary: 'Cancel a shipment before it ships (its stock stays reserved for the order)',
          params: IdParams,
          body: ShipmentCancelBody,
          response: { 200: One },
        },
        config: { ...requireAbility('sales:ship-orders'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.cancel(request.auth.tenantId, request.params.id, request.body ?? {}, ifMatch(request)),
          ),
          'Shipment cancelled',
        ),
    );

    app.get(
      `${ONE}/packing-slip`,
      {
        schema: {
          tags,
          operationId: 'getShipmentPackingSlip',
          summary: 'The packing slip of a shipment as a PDF (application/pdf, shown inline)',
          params: IdParams,
          response: Pdf,
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request, reply) => sendPdf(reply, await documents.packingSlip(request.auth.tenantId, request.params.id)),
    );

    app.get(
      `${ONE}/pick-list`,
      {
        schema: {
          tags,
          operationId: 'getShipmentPickList',
          summary: 'The pick list of a shipment as a PDF (application/pdf, shown inline)',
          params: IdParams,
          response: Pdf,
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request, reply) => sendPdf(reply, await documents.pickList(request.auth.tenantId, request.params.id)),
    );

    app.get(
      '/sales/pick-list',
      {
        schema: {
          tags,
          operationId: 'getPickList',
          summary: 'One pick list for several shipments of one warehouse, by SKU, quantities summed per product',
          querystring: PickListQuery,
          response: Pdf,
        },
        config: requireAbility('sales:view-orders'),
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await documents.combinedPickList(
            request.auth.tenantId,
            request.query.warehouse_id,
            request.query.shipment_ids,
          ),
        ),
    );
  };
}

/** Sends a PDF inline, under its file name. */
function sendPdf(reply: FastifyReply, { fileName, content }: PdfFile): Buffer {
  reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`);
  return content;
}
