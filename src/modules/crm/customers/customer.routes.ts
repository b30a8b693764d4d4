import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { IdParams } from '../../../http/common-schemas.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import { CustomerCreateBody, CustomerListQuery, CustomerResponse, CustomerUpdateBody } from './customer.schemas.js';
import { customerResource, type CustomerService } from './customer.service.js';

const tags = ['Customers'];
const BASE = '/crm/customers';
const ONE = `${BASE}/:id`;

/** The customers routes, relative to the API prefix. */
export function customerRoutes({ service }: { service: CustomerService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          operationId: 'listCustomers',
          summary: 'List customers',
          querystring: CustomerListQuery,
          response: { 200: PaginatedSchema(CustomerResponse) },
        },
        config: requireAbility('crm:view-customers'),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(customerResource) });
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags,
          operationId: 'createCustomer',
          summary: 'Create a customer',
          body: CustomerCreateBody,
          response: { 201: EnvelopeSchema(CustomerResponse) },
        },
        config: { ...requireAbility('crm:create-customers'), conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const customer = await service.create(request.auth.tenantId, request.body);
        return reply.code(201).send(ok(withETag(reply, customerResource(customer)), 'Customer created successfully'));
      },
    );

    app.get(
      ONE,
      {
        schema: {
          tags,
          operationId: 'getCustomer',
          summary: 'Get a customer',
          params: IdParams,
          response: { 200: EnvelopeSchema(CustomerResponse) },
        },
        config: { ...requireAbility('crm:view-customers'), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, customerResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.route({
      method: ['PUT', 'PATCH'],
      url: ONE,
      schema: {
        tags,
        operationId: 'updateCustomer',
        summary: 'Update a customer (partial)',
        params: IdParams,
        body: CustomerUpdateBody,
        response: { 200: EnvelopeSchema(CustomerResponse) },
      },
      config: { ...requireAbility('crm:edit-customers'), conditional: 'write', audit: 'when-changed' },
      handler: async (request, reply) =>
        ok(
          withETag(
            reply,
            customerResource(
              await service.update(request.auth.tenantId, request.params.id, request.body, ifMatch(request)),
            ),
          ),
          'Customer updated successfully',
        ),
    });

    app.delete(
      ONE,
      {
        schema: {
          tags,
          operationId: 'deleteCustomer',
          summary: 'Delete a customer (soft delete; refused while open sales orders reference it)',
          params: IdParams,
          response: { 200: EnvelopeSchema(Type.Null()) },
        },
        config: { ...requireAbility('crm:delete-customers'), conditional: 'guard', audit: 'recorded' },
      },
      async (request) => {
        await service.remove(request.auth.tenantId, request.params.id, ifMatch(request));
        return ok(null, 'Customer deleted successfully');
      },
    );
  };
}
