import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
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
import securityHeaders from './plugins/securityHeaders';
import uploadsPlugin from './plugins/uploads';
import authRoutes from './modules/auth/routes';
import accessoryRoutes from './modules/accessories/routes';
import adminUserRoutes from './modules/admins/routes';
import bannerRoutes from './modules/banners/routes';
import categoryRoutes from './modules/categories/routes';
import contentRoutes from './modules/content/routes';
import customerRoutes from './modules/customers/routes';
import dashboardRoutes from './modules/dashboard/routes';
import deliverySettingsRoutes from './modules/deliverySettings/routes';
import ecommerceRoutes from './modules/ecommerce/routes';
import healthRoutes from './modules/health/routes';
import { createPdfTurns } from './lib/pdfTurns';
import jobSheetRoutes from './modules/orders/jobSheetRoutes';
import assignRoutes from './modules/orders/assignRoutes';
import placeOrderRoutes from './modules/orders/placeOrderRoutes';
import liveRoutes from './modules/live/routes';
import riderRoutes from './modules/riders/routes';
import runSheetRoutes from './modules/riders/runSheetRoutes';
import orderRoutes from './modules/orders/routes';
import pincodeRoutes from './modules/pincodes/routes';
import planRoutes from './modules/plans/routes';
import productRoutes from './modules/products/routes';
import returnRoutes from './modules/returns/routes';
import returnableRoutes from './modules/returnables/routes';
import invoiceRoutes from './modules/invoices/routes';
import businessRoutes from './modules/business/routes';
import subCategoryRoutes from './modules/subCategories/routes';
import supportRoutes from './modules/supports/routes';

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
  /** The server's pino logger (server/lib/logging.ts `createLogger`); none: nothing is logged. */
  logger?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Default: the `uploads` table with DATABASE_URL, else DATA_DIR/uploads (uploadStoreFor). */
  uploads?: UploadStore;
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
  const pdfTurns = createPdfTurns();
  await app.register(
    async (api) => {
      // health and ready: for load balancers and orchestrators, no token
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/admin' });
      // admin/view-all-users, create-admin-user, edit-admin-user, audit-log
      await api.register(adminUserRoutes, { prefix: '/admin' });
      // user/... and admin/get-users (the inactive customers)
      await api.register(customerRoutes);
      await api.register(categoryRoutes, { prefix: '/category' });
      await api.register(subCategoryRoutes, { prefix: '/subCategory' });
      await api.register(productRoutes, { prefix: '/product' });
      await api.register(accessoryRoutes, { prefix: '/accessory' });
      await api.register(bannerRoutes, { prefix: '/banner' });
      await api.register(pincodeRoutes, { prefix: '/pincode' });
      await api.register(planRoutes, { prefix: '/plan' });
      // delivery-charge/... and delivery-time/...
      await api.register(deliverySettingsRoutes);
      await api.register(orderRoutes, { prefix: '/order' });
      await api.register(jobSheetRoutes, { prefix: '/order', turns: pdfTurns });
      await api.register(assignRoutes, { prefix: '/order' });
      await api.register(placeOrderRoutes, { prefix: '/order' });
      await api.register(riderRoutes, { prefix: '/rider' });
      await api.register(runSheetRoutes, { prefix: '/rider', turns: pdfTurns });
      await api.register(liveRoutes, { prefix: '/live' });
      await api.register(returnRoutes, { prefix: '/return-history' });
      // Issue 16: the returnables ledger, business details and tax invoices
      await api.register(returnableRoutes, { prefix: '/returnable' });
      await api.register(businessRoutes, { prefix: '/settings' });
      await api.register(invoiceRoutes, { prefix: '/order', turns: pdfTurns });
      await api.register(supportRoutes, { prefix: '/support' });
      // terms-conditions/... and contact-us/...
      await api.register(contentRoutes);
      await api.register(ecommerceRoutes, { prefix: '/e-comm' });
      // admin/dashboard-data and order/get-orders-by-filter
      await api.register(dashboardRoutes);
    },
    { prefix: '/api' },
  );

  // Uploaded images, named by their content hash, so they never change: cached for a year.
  await app.register(uploadsPlugin, { store: app.uploads });

  await app.register(bundles, { distDir: opts.config.distDir });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return sendError(
        request,
        reply,
        404,
        `There is no ${request.method} /api call at this path.`,
      );
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
