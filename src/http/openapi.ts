// The OpenAPI document (@fastify/swagger, generated from the route schemas): its fixed parts, how its components
// are named, and the rewrites the generated operations need.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { MULTIPART_FORM } from './multipart-body.js';

interface Operation {
  operationId?: string;
}

/**
 * A route answering PUT and PATCH alike (the same partial update) is one operation object under both methods,
 * and so would give its operationId twice. PATCH keeps the route's operationId (`updateProduct`); PUT gets a copy
 * named `<operationId>WithPut` (`updateProductWithPut`), so that every operationId is unique.
 */
function withDistinctPutOperationIds<T extends { paths?: Record<string, unknown> }>(document: T): T {
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation | undefined>>) {
    const { put, patch } = item;
    if (put !== undefined && put === patch && put.operationId !== undefined) {
      item.put = { ...put, operationId: `${put.operationId}WithPut` };
    }
  }
  return document;
}

type PartSchema = { type?: unknown };
interface MultipartMedia {
  schema?: { properties?: Record<string, PartSchema> };
  encoding?: Record<string, { contentType: string }>;
}

/**
 * How each part of a multipart body is sent, which @fastify/swagger does not carry over from a route: a list as one
 * text part per item under the same name, an object as one part of JSON.
 */
function withMultipartEncoding<T extends { paths?: Record<string, unknown> }>(document: T): T {
  for (const item of Object.values(document.paths ?? {}) as Array<
    Record<string, { requestBody?: { content?: Record<string, MultipartMedia> } } | undefined>
  >) {
    for (const operation of Object.values(item)) {
      const media = operation?.requestBody?.content?.[MULTIPART_FORM];
      const encoding = Object.fromEntries(
        Object.entries(media?.schema?.properties ?? {}).flatMap(([name, part]) =>
          part.type === 'array'
            ? [[name, { contentType: 'text/plain' }]]
            : part.type === 'object'
              ? [[name, { contentType: 'application/json' }]]
              : [],
        ),
      );
      if (media !== undefined && Object.keys(encoding).length > 0) media.encoding = encoding;
    }
  }
  return document;
}

export function openApiOptions({ publicUrl }: { publicUrl: string | null }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quartermaster API',
        version: '1.0.0',
        description: 'Multi-tenant operations backend: catalog, inventory, purchasing, documents and webhooks.',
      },
      // Paths are absolute (`/api/v1/…`): the server is the public URL's root, or this document's own origin.
      servers: [{ url: publicUrl ?? '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'API token: `Authorization: Bearer qm_…`' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'quartermaster_session',
            description:
              'Web-app session from POST /api/v1/auth/login; state-changing requests also send X-XSRF-TOKEN.',
          },
        },
      },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    },
    // A shared schema (a named schema of http/named-schemas.ts) is the component named by its $id (`Product`),
    // rather than a numbered `def-0`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? withMultipartEncoding(withDistinctPutOperationIds(documentObject.openapiObject))
        : documentObject.swaggerObject,
  };
}
