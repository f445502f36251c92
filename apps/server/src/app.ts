import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './platform/config.js';
import type { AppContext } from './platform/context.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { migrate, readMigrations } from './platform/db/migrate.js';
import { installErrorHandling } from './platform/http/errors-handler.js';
import { installGuards, type Lifecycle, type SessionResolver } from './platform/http/guards.js';
import { enforceRouteDeclarations, type RouteTableEntry } from './platform/http/route-table.js';
import { registerSpa } from './platform/http/spa.js';
import { registerCompression } from './platform/http/compression.js';
import { registerMultipart } from './platform/http/multipart.js';
import { loggerOptions } from './platform/logger.js';
import { migrationsDir } from './platform/paths.js';
import { DatabaseNonceStore, MemoryNonceStore, RedisNonceStore, type NonceStore } from './platform/signature/nonce-store.js';
import { SignatureVerifier } from './platform/signature/verify.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { LogSmsSender, type SmsSender } from './modules/auth/sms-sender.js';
import { registerPermissionRoutes } from './modules/permission/permission.routes.js';
import { syncProductPermissions } from './modules/permission/permission.seed.js';
import { registerUserHeaderRoutes } from './modules/user/user-header.routes.js';
import { registerUploadRoutes } from './modules/upload/upload.routes.js';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { registerDataRuleRoutes } from './modules/data-rule/data-rule.routes.js';
import { registerDepartmentRoutes } from './modules/org/department.routes.js';
import { registerCompanyRoutes } from './modules/org/company.routes.js';
import { registerAdminUserRoutes } from './modules/admin-user/admin-user.routes.js';
import { registerSecurityGroupRoutes } from './modules/security-group/security-group.routes.js';
import { registerAnnouncementRoutes } from './modules/announcement/announcement.routes.js';
import { registerMessageRoutes } from './modules/message/message.routes.js';
import { registerPermissionAdminRoutes } from './modules/permission-admin/permission-admin.routes.js';
import { registerDictRoutes } from './modules/dict/dict.routes.js';
import { registerCheckRuleRoutes } from './modules/check-rule/check-rule.routes.js';
import { registerNumberRuleRoutes } from './modules/number-rule/number-rule.routes.js';
import { registerDuplicateCheckRoutes } from './modules/duplicate-check/duplicate-check.routes.js';
import { seedDictionaries } from './seed/dictionaries.js';
import { createSessionAuthorizer } from './platform/auth/session-authorizer.js';
import { installVisitLog, pruneLogs, VisitLogWriter } from './platform/audit/visit-log.js';
import { createPushBus } from './platform/push/create-push-bus.js';
import { withPushTickets } from './platform/push/push-ticket.js';
import { registerPushRoutes } from './modules/push/push.routes.js';
import { seedIfEmpty } from './seed/bootstrap.js';
import { seedDemoRolesIfEmpty } from './seed/demo-roles.js';
import { seedDemoCrmIfEmpty } from './seed/demo-crm.js';
import { seedDemoCrmDataIfEmpty } from './seed/demo-crm-data.js';
import { registerStoreRoutes } from './modules/store/store.routes.js';
import { registerLeadChannelRoutes } from './modules/lead-channel/lead-channel.routes.js';
import { registerChannelRoutes } from './modules/channel/channel.routes.js';
import { registerLeadRoutes } from './modules/lead/lead.routes.js';
import { registerFollowUpRoutes } from './modules/follow-up/follow-up.routes.js';
import { registerCustomerRoutes } from './modules/customer/customer.routes.js';
import { registerBabyRoutes } from './modules/baby/baby.routes.js';
import { registerReservationRoutes } from './modules/reservation/reservation.routes.js';

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
    const applied = await migrate(database.db, readMigrations(migrationsDir));
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    await seedIfEmpty(database.db, config, app.log);
    const menus = await syncProductPermissions(database.db);
    if (menus) app.log.info({ inserted: menus }, 'product menus and buttons added');
    const dictionaries = await seedDictionaries(database.db);
    if (dictionaries) app.log.info({ inserted: dictionaries }, 'dictionaries and rules seeded');
    const demoRoles = await seedDemoRolesIfEmpty(database.db, config);
    if (demoRoles) app.log.info({ roles: demoRoles }, 'demo roles and users seeded');
    const demoStores = await seedDemoCrmIfEmpty(database.db, config);
    if (demoStores) app.log.info({ stores: demoStores }, 'demo stores and CRM scopes seeded');
    const demoCrmData = await seedDemoCrmDataIfEmpty(database.db, config);
    if (demoCrmData) app.log.info(demoCrmData, 'demo leads, customers and visits seeded');
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
  const ctx: AppContext = { config, database, nonces, log: app.log, push };
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
    sessions: options.sessions ?? withPushTickets(createSessionAuthorizer(database.db), database.db, nonces),
    lifecycle,
  });
  installSlowRequestLog(app);
  const visits = new VisitLogWriter(database.db, (err) => app.log.error({ err }, 'visit log write failed'));
  installVisitLog(app, visits);
  const housekeeping = setInterval(() => {
    pruneLogs(database.db, config.logRetentionDays).catch((err: unknown) => app.log.warn({ err }, 'log pruning failed'));
  }, 60 * 60_000);
  housekeeping.unref();
  const sms = options.sms ?? new LogSmsSender(app.log, { logCodes: config.demoData });
  const throttle = options.throttle ?? new LoginThrottle(config.redisUrl, { smsPerAddressHourly: config.sms.perAddressHourly, smsGlobalHourly: config.sms.globalHourly });
  const auth = new AuthService({ db: database.db, config, throttle, sms });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    await visits.close();
    await throttle.close();
    await nonces.close();
    await push.close();
    await database.close();
  });

  registerSystemRoutes(app, ctx);
  registerAuthRoutes(app, ctx, auth);
  registerPermissionRoutes(app, ctx);
  registerUserHeaderRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerAuditLogRoutes(app, ctx);
  registerDataRuleRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerDepartmentRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerSecurityGroupRoutes(app, ctx);
  registerAnnouncementRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  await registerPushRoutes(app, ctx);
  registerPermissionAdminRoutes(app, ctx);
  registerDictRoutes(app, ctx);
  registerCheckRuleRoutes(app, ctx);
  registerNumberRuleRoutes(app, ctx);
  registerDuplicateCheckRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
  registerLeadChannelRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerLeadRoutes(app, ctx);
  registerFollowUpRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerBabyRoutes(app, ctx);
  registerReservationRoutes(app, ctx);
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
