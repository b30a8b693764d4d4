// Whether a list request names its order itself. Ajv fills in the defaults of `sort_by` and `sort_direction`
// before a handler runs, so the parsed query cannot tell; the request's own query string can. A search whose
// client asked for no order is ranked (docs/decisions/requests-and-responses.md).
import type { FastifyRequest } from 'fastify';

const SORT_PARAMETERS = ['sort_by', 'sort_direction'];

export function askedForSort(request: FastifyRequest): boolean {
  const query = request.url.indexOf('?');
  if (query < 0) return false;
  const params = new URLSearchParams(request.url.slice(query + 1));
  return SORT_PARAMETERS.some((name) => params.has(name));
}
