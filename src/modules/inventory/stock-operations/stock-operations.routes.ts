// Routes of physical counts and transfers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAbility } from '../../../http/authentication.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import {
  PhysicalCountBody,
  PhysicalCountResponse,
  TransferBody,
  TransferResponse,
} from './stock-operations.schemas.js';
import type { StockOperationsService } from './stock-operations.service.js';

const tags = ['Inventory'];

export function stockOperationsRoutes({ service }: { service: StockOperationsService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/operations/inventory/physical-count',
      {
        schema: {
          tags,
          operationId: 'recordPhysicalCount',
          summary: 'Record a physical count',
          description:
            'Sets on hand to the counted quantity (one physical_count movement of the variance, none when it is 0). Answers the inventory record with the count under `count`.',
          body: PhysicalCountBody,
          response: { 200: EnvelopeSchema(PhysicalCountResponse) },
        },
        config: { ...requireAbility('operations:adjust-stock'), conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            await service.physicalCount(request.auth.tenantId, request.body, request.auth.user.id, ifMatch(request)),
            'count',
          ),
          'Physical count recorded successfully',
        ),
    );

    app.post(
      '/operations/inventory/transfer',
      {
        schema: {
          tags,
          operationId: 'transferStock',
          summary: 'Transfer stock between warehouses',
          description:
            'Moves available (unreserved) stock: a transfer_out movement at the source and a transfer_in movement at the destination, atomically.',
          body: TransferBody,
          response: { 200: EnvelopeSchema(TransferResponse) },
        },
        config: { ...requireAbility('operations:transfer-stock'), audit: 'recorded' },
      },
      async (request) =>
        ok(
          await service.transfer(request.auth.tenantId, request.body, request.auth.user.id),
          'Stock transferred successfully',
        ),
    );
  };
}
