// Request validation: every route's schemas checked by core/validation.ts, query strings, path parameters and
// headers coerced from text, JSON bodies as sent. The field errors become the 422 body (error-handler.ts).
import type { FastifySchemaCompiler } from 'fastify';
import { compileCheck } from '../core/validation.js';
import { MULTIPART_FORM } from './multipart-body.js';

/** Every multipart body: it is still unread when the route validates it (see http/multipart-body.ts). */
const unreadForm = () => true;

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, contentType }) => {
  if (httpPart === 'body' && contentType === MULTIPART_FORM) return unreadForm;
  const kind = httpPart === 'body' ? 'body' : httpPart === 'headers' ? 'headers' : 'text';
  return compileCheck(schema as object, kind) as ReturnType<FastifySchemaCompiler<unknown>>;
};
