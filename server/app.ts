import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Replica } from './db/replica';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background';
import { REQUEST_ID_HEADER, RequestLogController, requestIdFor } from './lib/logging';
import { createMailer, type Mailer } from './lib/mailer';
import { responseSerializer } from './lib/responses';
import { uploadStoreFor, type UploadStore } from './lib/uploadStore';
import auditPlugin from './plugins/audit';
import authPlugin from './plugins/auth';
import bodiesPlugin, { FORM_BODY_LIMIT } from './plugins/bodies';
import bundles from './plugins/bundles';
import envelopePlugin from './plugins/envelope';
import errorsPlugin, { sendError } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import readReplicaPlugin from './plugins/readReplica';
import securityHeaders from './plugins/securityHeaders';
import uploadsPlugin from './plugins/uploads';
import accessoriesModule from './modules/accessories';
import accountsModule from './modules/accounts';
import adminsModule from './modules/admins';
import authModule from './modules/auth';
import bannersModule from './modules/banners';
import businessModule from './modules/business';
import categoriesModule from './modules/categories';
import contentModule from './modules/content';
import creditNotesModule from './modules/creditNotes';
import customersModule from './modules/customers';
import dashboardModule from './modules/dashboard';
import deliverySettingsModule from './modules/deliverySettings';
import ecommerceModule from './modules/ecommerce';
import gstModule from './modules/gst';
import healthModule from './modules/health';
import invoicesModule from './modules/invoices';
import liveModule from './modules/live';
import ordersModule from './modules/orders';
import pincodesModule from './modules/pincodes';
import plansModule from './modules/plans';
import productsModule from './modules/products';
import reportsModule from './modules/reports';
import returnablesModule from './modules/returnables';
import returnsModule from './modules/returns';
import rosterModule from './modules/roster';
import { startRosterClock, type RosterClockOptions } from './modules/roster/clock';
import ridersModule from './modules/riders';
import riderAppModule from './modules/riderApp';
import subCategoriesModule from './modules/subCategories';
import subscriptionsModule from './modules/subscriptions';
import supportsModule from './modules/supports';
import { createPdfTurns } from './lib/pdfTurns';
import { notFoundPage } from './pages';

/** Bundle assets, images and uploads: a missing one answers a bare 404, not a page. */
const isFilePath = (url: string) => /^\/(assets|images|uploads)\//.test(url);

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    mailer: Mailer;
    background: BackgroundTasks;
    /** Where uploaded images are kept: DATA_DIR/uploads, or PostgreSQL with DATABASE_URL. */
    uploads: UploadStore;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /**
   * The streaming replica of DATABASE_READ_URL (server/db/replica.ts `openReplica`), closed by
   * the caller: read calls read from it through `request.readDb`.
   */
  replica?: Replica;
  /** The server's pino logger (server/lib/logging.ts `createLogger`); none: nothing is logged. */
  logger?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Default: the `uploads` table with DATABASE_URL, else DATA_DIR/uploads (uploadStoreFor). */
  uploads?: UploadStore;
  /**
   * Starts the roster's clock (server/modules/roster/clock.ts: each day's deliveries made at the
   * cut-off) once the app is ready, stopped on close. main.ts passes `{}`; tests leave it out
   * unless they test the clock.
   */
  rosterClock?: Omit<RosterClockOptions, 'db' | 'log'>;
}

/** The whole server as one Fastify instance; main.ts listens with it, tests `inject` into it. */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    loggerInstance: opts.logger,
    // A request id on every log line of a request, and sent back as X-Request-Id.
    genReqId: requestIdFor,
    logController: new RequestLogController(),
    // While closing (SIGTERM, server/lib/shutdown.ts): idle keep-alive connections are closed,
    // and a request that still arrives on an open one is answered 503 for the balancer to retry.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: opts.config.trustProxy,
    bodyLimit: FORM_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.config.validateResponses));

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  // Before the modules: they make their read repositories on it (plugins/readReplica.ts).
  await app.register(readReplicaPlugin, { replica: opts.replica });
  app.decorate(
    'mailer',
    opts.mailer ??
      createMailer({
        smtpUrl: opts.config.smtpUrl,
        from: opts.config.mailFrom,
        dataDir: opts.config.dataDir,
        log: app.log,
      }),
  );

  app.decorate('uploads', opts.uploads ?? uploadStoreFor(opts.config, opts.db));
  app.decorate('background', createBackgroundTasks(app.log));
  app.addHook('onClose', () => app.background.idle());

  await app.register(securityHeaders);
  // gzip / brotli for clients that ask: whole lists (order/by-type) shrink ~10x. The bundles are
  // compressed at build time and sent as they are (plugins/bundles.ts).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(errorsPlugin);
  await app.register(envelopePlugin);
  await app.register(bodiesPlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  // Before the routes: the document lists the routes registered after it.
  await app.register(openapiPlugin);

  // One set of turns for the long PDFs (job sheets, run sheets, invoice ranges): memory stays
  // bounded however many are asked for at once.
  const turns = createPdfTurns();
  // Every area of the API: server/modules/<area>/index.ts registers its routes with their
  // prefixes. Fastify matches a path whatever the order, but this order is the order of the
  // OpenAPI document and of docs/permissions.md (health first, the dashboard last): keep it.
  const modules = [
    [healthModule, {}],
    [authModule, {}],
    [adminsModule, {}],
    [customersModule, {}],
    [categoriesModule, {}],
    [subCategoriesModule, {}],
    [productsModule, {}],
    [accessoriesModule, {}],
    [bannersModule, {}],
    [pincodesModule, {}],
    [plansModule, {}],
    [deliverySettingsModule, {}],
    [ordersModule, { turns }],
    // Issue 35: subscriptions
    [subscriptionsModule, {}],
    [ridersModule, { turns }],
    // Issue 40: the riders' own screens on their phones
    [riderAppModule, {}],
    [liveModule, {}],
    [returnsModule, {}],
    // Issue 16: the returnables ledger, business details and tax invoices
    [returnablesModule, {}],
    [businessModule, {}],
    [invoicesModule, { turns }],
    // Issue 38: GSTR-1 for a month
    [gstModule, { turns }],
    // Issue 38: credit and debit notes
    [creditNotesModule, {}],
    [supportsModule, {}],
    [contentModule, {}],
    [ecommerceModule, {}],
    // Issue 35: each day's deliveries made from the subscriptions, holidays
    [rosterModule, { turns }],
    [accountsModule, { turns }],
    // Issue 38: sales reports and the sales register
    [reportsModule, {}],
    [dashboardModule, {}],
  ] as const;
  await app.register(
    async (api) => {
      for (const [plugin, options] of modules) await api.register(plugin, options);
    },
    { prefix: '/api' },
  );

  const clockOptions = opts.rosterClock;
  if (clockOptions) {
    let clock: ReturnType<typeof startRosterClock> | undefined;
    app.addHook('onReady', async () => {
      clock = startRosterClock({ ...clockOptions, db: opts.db, log: app.log });
    });
    // Before the database closes (main.ts's hook comes after): a run stops between batches.
    app.addHook('onClose', async () => clock?.stop());
  }

  // Uploaded images, named by their content hash, so they never change: cached for a year.
  await app.register(uploadsPlugin, { store: app.uploads });

  await app.register(bundles, { distDir: opts.config.distDir });

  const sendNotFoundPage = notFoundPage(app, opts.config.distDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return sendError(
        request,
        reply,
        404,
        `There is no ${request.method} /api call at this path.`,
      );
    }
    // A page a person asked for: the website's own 404 page. A missing file (an old
    // bundle's asset, an image) needs no page around it.
    if ((request.method === 'GET' || request.method === 'HEAD') && !isFilePath(request.url)) {
      return sendNotFoundPage(reply, request.url.split('?')[0] ?? '/');
    }
    return reply
      .code(404)
      .type('text/html')
      .send(
        '<!doctype html><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the website</a></p>',
      );
  });

  return app;
}
