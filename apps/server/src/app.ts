import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { openDatabase, type Database } from './platform/db/database.js';
import type { DB } from './platform/db/schema.js';
import { migrate, readMigrations } from './platform/db/migrate.js';
import { installErrorHandling } from './platform/http/errors-handler.js';
import { installGuards, type Lifecycle, type SessionResolver } from './platform/http/guards.js';
import { enforceRouteDeclarations, type RouteTableEntry } from './platform/http/route-table.js';
import { registerSpa } from './platform/http/spa.js';
import { registerCompression } from './platform/http/compression.js';
import { registerMultipart } from './platform/http/multipart.js';
import { installInputTextCheck } from './platform/http/input-text.js';
import { installDictValueCheck } from './platform/http/dict-values.js';
import { loggerOptions } from './platform/logger.js';
import { migrationsDir } from './platform/paths.js';
import { DatabaseNonceStore, MemoryNonceStore, RedisNonceStore, type NonceStore } from './platform/signature/nonce-store.js';
import { SignatureVerifier } from './platform/signature/verify.js';
import { AuthService } from './modules/auth/auth.service.js';
import { registerDuplicateCheck } from './modules/duplicate-check/index.js';
import { codeOptions } from './modules/dict/index.js';
import { modules } from './modules/index.js';
import type { ModuleContext, SeedContext } from './modules/module.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { LogSmsSender, type SmsSender } from './modules/auth/sms-sender.js';
import { createSessionAuthorizer } from './platform/auth/session-authorizer.js';
import { ModuleGate } from './platform/auth/module-gate.js';
import { installVisitLog, VisitLogWriter } from './platform/audit/visit-log.js';
import { createPushBus } from './platform/push/create-push-bus.js';
import { withPushTickets } from './platform/push/push-ticket.js';
import { installMetrics } from './platform/metrics/index.js';

// Server-side validation messages in Chinese, like every other text the user sees.
z.config(z.locales.zhCN());

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routeTable: RouteTableEntry[];
  lifecycle: Lifecycle;
  sms: SmsSender;
  visits: VisitLogWriter;
}

export interface BuildOptions {
  /** An already opened database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  sessions?: SessionResolver;
  sms?: SmsSender;
  throttle?: LoginThrottle;
  /** Extra routes registered before start-up completes (tests of the route registry). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** The database already holds what start-up's migrations and seeds write with this configuration (a
   * test's clone of the template migrateAndSeed filled, src/test/test-database.ts): they are not run again. */
  seeded?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 5_000,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
  });
  const routeTable = enforceRouteDeclarations(app);
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { kind: 'pg', url: config.databaseUrl, poolSize: config.databasePoolSize, preparedStatements: config.databasePreparedStatements } : { kind: 'pglite', dataDir: config.dataDir }));
  try {
    if (!options.seeded) await migrateAndSeed(database.db, config, app.log);
  } catch (err) {
    await database.close();
    throw err;
  }
  const nonces = createNonceStore(config, database);
  const push = await createPushBus(config, database, app.log).catch(async (err: unknown) => {
    await nonces.close();
    await database.close();
    throw err;
  });
  const moduleGate = new ModuleGate(database.db);
  const ctx: AppContext = { config, database, nonces, log: app.log, push, moduleGate };
  const lifecycle: Lifecycle = { closing: false };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await registerCompression(app);
  // Multipart only on routes declaring it, streamed by their handlers after the guards ran.
  await registerMultipart(app);
  installGuards(app, {
    verifier: new SignatureVerifier(
      { appId: config.appId, siteId: config.siteId, secret: config.appSecret, algorithm: config.signAlgorithm },
      nonces,
    ),
    sessions: options.sessions ?? withPushTickets(createSessionAuthorizer(database.db, moduleGate), database.db, nonces),
    lifecycle,
  });
  // After the guards: a refused caller learns nothing about the body.
  installInputTextCheck(app);
  installDictValueCheck(app, async (code) => {
    const options = await codeOptions(database.db, code);
    return options && new Set(options.map((o) => o.value));
  });
  installSlowRequestLog(app);
  installMetrics(app);
  const visits = new VisitLogWriter(database.db, (err) => app.log.error({ err }, 'visit log write failed'));
  installVisitLog(app, visits);
  const sms = options.sms ?? new LogSmsSender(app.log, { logCodes: config.demoData });
  const throttle = options.throttle ?? new LoginThrottle(config.redisUrl, { smsPerAddressHourly: config.sms.perAddressHourly, smsGlobalHourly: config.sms.globalHourly });
  const auth = new AuthService({ db: database.db, config, throttle, sms });
  const jobs: (() => void)[] = [];
  app.addHook('onClose', async () => {
    for (const stop of jobs) stop();
    await visits.close();
    await throttle.close();
    await nonces.close();
    await push.close();
    await database.close();
  });

  const moduleCtx: ModuleContext = { ...ctx, auth, modules };
  for (const module of modules) {
    for (const pair of module.duplicateChecks ?? []) registerDuplicateCheck(pair.tableName, pair.fieldName, pair.def);
    await module.routes?.(app, moduleCtx);
  }
  jobs.push(...modules.flatMap((module) => (module.jobs ?? []).map((job) => job.start(ctx))));
  if (config.benchBareRoute) {
    app.get('/bench/bare', { config: { access: 'public', signature: false } }, async () => ({ hello: 'world' }));
    // The same route with no visit-log row: the bench compares the two to price the visit log.
    app.get('/bench/bare-unlogged', { config: { access: 'public', signature: false, visitLog: false } }, async () => ({ hello: 'world' }));
  }
  options.extraRoutes?.(app);
  await registerSpa(app, config.webDist, {
    appId: config.appId,
    siteId: config.siteId,
    secret: config.appSecret,
    signAlgorithm: config.signAlgorithm,
  });
  await app.ready();
  return { app, ctx, routeTable, lifecycle, sms, visits };
}

/**
 * What start-up writes before anything else: pending migrations, then each module's seeds (which skip
 * what is already there). The API tests' database template is built with it too (src/test/db-template.ts).
 */
export async function migrateAndSeed(db: Kysely<DB>, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrate(db, readMigrations(migrationsDir));
  if (applied.length) log.info({ applied }, 'migrations applied');
  await runSeeds({ db, config, log, modules });
}

/** Each module's seeds, in module order; what a seed inserted is logged. */
async function runSeeds(ctx: SeedContext): Promise<void> {
  for (const module of ctx.modules) {
    for (const seed of module.seeds ?? []) {
      const inserted = await seed.run(ctx);
      if (inserted) ctx.log.info({ module: module.name, inserted }, `${seed.name} seeded`);
    }
  }
}

function createNonceStore(config: AppConfig, database: Database): NonceStore {
  if (config.nonceStore === 'redis') return new RedisNonceStore(config.redisUrl!);
  if (config.nonceStore === 'database') return new DatabaseNonceStore(database.db);
  return new MemoryNonceStore();
}

/** Per-request logging is the visit log's job; the process log keeps what needs attention. */
function installSlowRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime >= 1000) request.log.warn({ url: request.routeOptions.url, ms: Math.round(reply.elapsedTime) }, 'slow request');
  });
}
