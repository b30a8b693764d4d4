// buildApp: the whole HTTP service without listening, so tests build exactly what production runs.
import fastJsonStringify from 'fast-json-stringify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type preValidationHookHandler,
} from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { DOCS_PREFIX, registerApiReference } from './http/api-reference.js';
import { registerConditionalRequests } from './http/conditional.js';
import { registerConsole } from './http/console.js';
import { registerAuthentication } from './http/authentication.js';
import { GENERIC_CODES } from './http/error-codes.js';
import { registerPublicUrl } from './http/pagination.js';
import { validatorCompiler } from './http/validation.js';
import { registerWorkContext } from './http/work-context.js';
import { standardErrorResponses } from './http/common-schemas.js';
import { registerAnswerCaches } from './http/answer-cache.js';
import { registerCompression } from './http/compression.js';
import { registerHostCheck } from './http/host-header.js';
import { DeferredCompilation } from './http/deferred-compilation.js';
import { errorHandler } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { registerIdempotency } from './http/idempotency/idempotency.js';
import { registerMetrics } from './http/metrics.js';
import { registerNotFoundAndMethodNotAllowed } from './http/method-not-allowed.js';
import { byReference, containsNamedSchema, forSerialization, namedSchemas } from './http/named-schemas.js';
import { openApiOptions } from './http/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import { withRouteHook } from './http/route-hooks.js';
import { withRequestLogRedaction } from './http/request-log.js';
import { requestTimeoutOptions } from './http/request-timeout.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStrictQuery } from './http/strict-query.js';
import { systemClock, type Clock } from './lib/clock.js';
import { newId as defaultNewId, type IdGenerator } from './lib/ids.js';
import { processMetrics } from './process-metrics.js';
import { authRoutes, csrfCookieRoute } from './modules/auth/auth.routes.js';
import { tokenRoutes } from './modules/auth/tokens/token.routes.js';
import { CATALOG_ANSWERS } from './modules/catalog/catalog-answers.js';
import { catalogRoutes } from './modules/catalog/catalog.js';
import { crmRoutes } from './modules/crm/index.js';
import { salesRoutes } from './modules/sales/index.js';
import { eventFeedRoutes } from './modules/events/event-feed.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.js';
import { warehouseRoutes } from './modules/inventory/warehouses/warehouse.routes.js';
import { tenantRoutes } from './modules/tenancy/tenant.routes.js';
import { API_PREFIX, createServices, type Services } from './services.js';
import type { Resolver } from './modules/webhooks/transport/address-guard.js';
import type { Tracing } from './tracing/tracing.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    /** The route schemas not compiled yet (see deferred-compilation.ts). */
    schemaCompilation: DeferredCompilation;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  newId?: IdGenerator;
  /** Closes the database when the app closes (true for the server; tests share theirs). */
  ownsDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger to use instead of making one (the server shares its logger with the database). */
  loggerInstance?: FastifyBaseLogger;
  /** DNS for the webhook SSRF checks (tests); the system resolver otherwise. */
  webhookResolver?: Resolver;
  /** Tracing, when the configuration turns it on (src/tracing/): names the requests' spans, traces the services. */
  tracing?: Pick<Tracing, 'instrumentApp'> | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? defaultNewId;

  const app = Fastify({
    ...withRequestLogRedaction(
      options.loggerInstance
        ? { loggerInstance: options.loggerInstance }
        : { logger: options.logger ?? { level: config.logLevel } },
    ),
    bodyLimit: config.bodyLimitBytes,
    ...requestTimeoutOptions(config.requestTimeoutMs),
    trustProxy: config.trustProxy,
    // Keep a caller's well-formed X-Request-Id so their logs and ours line up; otherwise mint one.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newId();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // The router refuses a malformed or overlong path before any hook runs; answer in the API's error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('x-content-type-options', 'nosniff')
        .send({
          success: false,
          message: tooLong ? 'A path segment is too long.' : 'The URL is malformed.',
          code: tooLong ? GENERIC_CODES[414] : GENERIC_CODES[400],
        });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = createServices({
    db: database.db,
    database,
    clock,
    newId,
    config,
    webhookResolver: options.webhookResolver,
    log: app.log,
  });
  // Apps built on one shared database (tests) each stop watching it when they close.
  app.addHook('onClose', async () => Promise.all([services.tokenCache.close(), services.catalogAnswers?.close()]));
  app.decorate('config', config);
  app.decorate('services', services);
  registerPublicUrl(app, config.publicUrl);
  const schemaCompilation = new DeferredCompilation();
  app.decorate('schemaCompilation', schemaCompilation);
  app.setValidatorCompiler(schemaCompilation.validators(validatorCompiler));
  app.setErrorHandler(errorHandler);
  const routing = registerNotFoundAndMethodNotAllowed(app);

  // The API speaks JSON only (documents add multipart for their own routes): anything else is 415.
  app.removeAllContentTypeParsers();
  // An empty JSON body is an empty object: actions such as POST …/activate carry no fields.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });

  // No body at all is read as an empty object too, on every route whose body is a JSON object: an action whose
  // fields are all optional (POST …/submit-for-approval) accepts no body and `{}` alike, and a route with
  // required fields names them in its 422 instead of refusing the body as a whole.
  // Added to those routes only: the others (every GET) need no hook for it.
  const emptyBodyAsObject: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined) request.body = {};
    done();
  };
  app.addHook('onRoute', (route) => {
    if ((route.schema?.body as { type?: unknown } | undefined)?.type === 'object')
      route.preValidation = withRouteHook(route.preValidation, emptyBodyAsObject);
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  options.tracing?.instrumentApp(app);
  registerHostCheck(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  // `GET …/products/tree` is an unknown route, not a product that does not exist.
  app.addHook('onRequest', routing.refuseStaticWordsAsIds);
  if (options.ownsDatabase) app.addHook('onClose', async () => database.close());

  await app.register(fastifySwagger, openApiOptions({ publicUrl: config.publicUrl }));
  // Before any route: every plugin context copies the schemas its parent has when it is made.
  for (const schema of namedSchemas()) app.addSchema(schema);
  // Serializers from the schemas the routes declared, written out in full (see forSerialization).
  app.setSerializerCompiler(
    schemaCompilation.serializers(({ schema }) =>
      fastJsonStringify(forSerialization(schema) as Parameters<typeof fastJsonStringify>[0]),
    ),
  );

  // Every API route documents (and serialises) the standard error bodies, and answers its named schemas (the
  // resources, the error bodies) by reference.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const schema = (route.schema ??= {});
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      if (containsNamedSchema(schema[part]))
        throw new Error(
          `${String(route.method)} ${route.url}: the ${part} schema contains a named schema; only answers may.`,
        );
    }
    const errors = route.config?.auth === 'none' ? {} : standardErrorResponses;
    const responses = Object.entries({ ...errors, ...(schema.response as object | undefined) });
    if (responses.length > 0)
      schema.response = Object.fromEntries(responses.map(([status, response]) => [status, byReference(response)]));
  });
  // ETag, If-None-Match and If-Match on the routes that say so in their config.
  registerConditionalRequests(app);
  // Hot catalog reads answered from memory while nothing they show has changed.
  registerAnswerCaches(app, { [CATALOG_ANSWERS]: services.catalogAnswers }, config.compression);
  // After the two above, before every route: the cache keeps, and the ETag is taken from, the uncompressed JSON.
  await registerCompression(app, config.compression);

  registerHealth(app, database.db);
  registerMetrics(app, processMetrics(services, database));

  await app.register(fastifyCookie);
  // Before authentication: every later hook and the handler run in the request's work context.
  registerWorkContext(app);
  registerAuthentication(app, {
    apiPrefix: API_PREFIX,
    tokens: services.tokens,
    sessions: services.sessions,
    signIn: services.signIn,
  });
  await registerRateLimit(app, { settings: config.rateLimit, openApiUrl: `${API_PREFIX}/openapi.json` });
  registerStrictQuery(app, { apiPrefix: API_PREFIX });
  registerIdempotency(app, {
    db: database.db,
    repository: services.repositories.idempotency,
    clock,
    newId,
    ttlHours: config.idempotencyTtlHours,
  });

  const cookies = { secure: config.secureCookies, lifetimeMinutes: config.sessionLifetimeMinutes };
  await app.register(csrfCookieRoute({ sessions: services.sessions, cookies }));
  await app.register(
    async (api) => {
      await api.register(
        authRoutes({
          tenants: services.tenants,
          sessions: services.sessions,
          signIn: services.signIn,
          twoFactor: services.twoFactor,
          account: services.userAdministration.account,
          cookies,
          mailer: services.mailer,
        }),
      );
      await api.register(tokenRoutes({ tokens: services.tokens, sessions: services.sessions }));
      await api.register(services.userAdministration.routes);
      await api.register(services.audit.routes);
      await api.register(tenantRoutes({ service: services.tenants }));
      await api.register(warehouseRoutes({ service: services.warehouses }));
      await api.register(catalogRoutes({ catalog: services.catalog }));
      await api.register(inventoryRoutes({ inventory: services.inventory }));
      await api.register(services.purchaseOrders.routes);
      await api.register(services.labels.routes);
      await api.register(crmRoutes({ crm: services.crm }));
      await api.register(salesRoutes({ sales: services.sales }));
      await api.register(services.documents.routes);
      await api.register(services.imports.routes);
      await api.register(services.webhooks.routes);
      await api.register(eventFeedRoutes({ service: services.eventFeed }));
    },
    { prefix: API_PREFIX },
  );

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { auth: 'none' } }, async () =>
    app.swagger(),
  );
  registerApiReference(app, `${API_PREFIX}/openapi.json`);
  // The console at `/`; unknown paths under these stay the API's JSON 404 and 405.
  const consolePages = await registerConsole(app, { reservedPrefixes: ['/api', DOCS_PREFIX, '/sanctum'] });
  routing.answerUnroutedWith(consolePages.answerNavigation);

  return app;
}
