import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';

/** Demo values: fine on a laptop, refused in production. */
export const DEMO_SECRETS = {
  appSecret: 'care-demo-secret-change-me',
  adminPassword: 'Admin@12345',
} as const;

const onOff = z.enum(['on', 'off']);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Listen address; unset: this machine only (127.0.0.1), every interface (0.0.0.0) in production. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** off: never use named prepared statements (a transaction pooler that cannot keep them). */
  DATABASE_PREPARED_STATEMENTS: onOff.default('on'),
  /** Connections to PostgreSQL; unset: 2 × this machine's cores + 1 (at least 5). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  APP_ID: z.string().min(1).default('care-backoffice'),
  APP_SECRET: z.string().min(1).default(DEMO_SECRETS.appSecret),
  SITE_ID: z.string().min(1).default('main'),
  SIGN_ALGORITHM: z.enum(['sha256', 'md5']).default('sha256'),
  LOGIN_CAPTCHA: onOff.default('on'),
  AMQP_URL: z.string().optional(),
  /** Topic exchange of the live push on RabbitMQ. */
  AMQP_EXCHANGE: z.string().regex(/^[A-Za-z0-9_.:-]{1,127}$/).default('care.push'),
  /** A direct PostgreSQL connection for the push LISTEN when DATABASE_URL goes through a transaction pooler. */
  PUSH_LISTEN_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  /** memory: one node; database / redis: shared by every instance. Default follows the deployment. */
  NONCE_STORE: z.enum(['memory', 'database', 'redis']).optional(),
  DEMO_DATA: onOff.optional(),
  /** With DEMO_DATA: a year of demo leads, customers and visits (default on; API tests turn it off). */
  DEMO_CRM_DATA: onOff.default('on'),
  /** CAS server base URL (…/cas); unset = no CAS sign-in. */
  CAS_SERVER_URL: z.string().url().optional(),
  /** The address CAS sends the browser back to and validates tickets for; never taken from the request. */
  CAS_SERVICE_URL: z.string().url().optional(),
  /** Phone sign-in by SMS code; off by default in production, where no real SMS provider is built in. */
  PHONE_LOGIN: onOff.optional(),
  SMS_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).default(10),
  SMS_GLOBAL_HOURLY: z.coerce.number().int().min(1).default(1000),
  /** WeChat OAuth API base (https://api.weixin.qq.com in production) with the app's id and secret. */
  WECHAT_API_BASE: z.string().url().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** The login page address WeChat returns to (registered with the WeChat app); unset = no start link. */
  WECHAT_REDIRECT_URL: z.string().url().optional(),
  /** on: a user may be signed in on several devices at once; off: a new sign-in supersedes the old. */
  MULTI_SESSION: onOff.default('off'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** Which proxies may set X-Forwarded-For: unset = none (the socket address counts), else their addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Days the visit log and the login list are kept. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
  /** Adds an unsigned bare route for the benchmark's baseline; never set in production. */
  BENCH_BARE_ROUTE: onOff.default('off'),
  /** OpenAI-compatible API base (POST …/chat/completions) for the AI log's explainer; unset = rule-based. */
  AI_API_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export interface AppConfig {
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Fixed per-request statements run as named prepared statements on PostgreSQL. */
  databasePreparedStatements: boolean;
  /**
   * Pool size. The sizing rule for PostgreSQL (2 × cores + disks) holds for the database's cores;
   * by default this machine's, as when both run together. More connections than cores only queue
   * inside PostgreSQL: at 20 on two cores a 店长's customer list had a p99 of 47–53 ms, at 5 of 38 ms
   * at the same throughput (bench/RESULTS.md).
   */
  databasePoolSize: number;
  adminPassword: string | undefined;
  appId: string;
  appSecret: string;
  siteId: string;
  signAlgorithm: 'sha256' | 'md5';
  loginCaptcha: boolean;
  amqpUrl: string | undefined;
  amqpExchange: string;
  pushListenUrl: string | undefined;
  redisUrl: string | undefined;
  nonceStore: 'memory' | 'database' | 'redis';
  demoData: boolean;
  /** Seed a year of demo CRM records with the demo company (only with demoData). */
  demoCrmData: boolean;
  casServerUrl: string | undefined;
  casServiceUrl: string | undefined;
  phoneLogin: boolean;
  sms: { perAddressHourly: number; globalHourly: number };
  wechat: { apiBase: string; appId: string; appSecret: string; redirectUrl: string | undefined } | undefined;
  multiSession: boolean;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  requestTimeoutMs: number;
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  logRetentionDays: number;
  trustProxy: false | string[];
  benchBareRoute: boolean;
  /** The explainer's model (never logged: the key is a secret); undefined = the rule-based explainer. */
  ai: { apiUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
}

export class ConfigError extends Error {}

/** Reads configuration from the environment; throws ConfigError with every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoData = (e.DEMO_DATA ?? (e.DATABASE_URL || production ? 'off' : 'on')) === 'on';
  const config: AppConfig = {
    production,
    // A demo with the published admin password is not reachable from the network unless HOST says so.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.max(5, 2 * os.availableParallelism() + 1),
    adminPassword: e.ADMIN_PASSWORD ?? (demoData ? DEMO_SECRETS.adminPassword : undefined),
    appId: e.APP_ID,
    appSecret: e.APP_SECRET,
    siteId: e.SITE_ID,
    signAlgorithm: e.SIGN_ALGORITHM,
    loginCaptcha: e.LOGIN_CAPTCHA === 'on',
    amqpUrl: e.AMQP_URL,
    amqpExchange: e.AMQP_EXCHANGE,
    pushListenUrl: e.PUSH_LISTEN_URL,
    redisUrl: e.REDIS_URL,
    nonceStore: e.NONCE_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory'),
    demoData,
    demoCrmData: demoData && e.DEMO_CRM_DATA === 'on',
    casServerUrl: e.CAS_SERVER_URL?.replace(/\/+$/, ''),
    casServiceUrl: e.CAS_SERVICE_URL,
    phoneLogin: (e.PHONE_LOGIN ?? (production ? 'off' : 'on')) === 'on',
    sms: { perAddressHourly: e.SMS_PER_ADDRESS_HOURLY, globalHourly: e.SMS_GLOBAL_HOURLY },
    wechat:
      e.WECHAT_API_BASE && e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
        ? { apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''), appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, redirectUrl: e.WECHAT_REDIRECT_URL }
        : undefined,
    multiSession: e.MULTI_SESSION === 'on',
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    benchBareRoute: e.BENCH_BARE_ROUTE === 'on',
    ai: e.AI_API_URL ? { apiUrl: e.AI_API_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY || undefined, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS } : undefined,
  };
  if (config.nonceStore === 'redis' && !config.redisUrl) throw new ConfigError('NONCE_STORE=redis needs REDIS_URL');
  if (config.casServerUrl && !config.casServiceUrl) throw new ConfigError('CAS_SERVER_URL needs CAS_SERVICE_URL (the login page address CAS returns to)');
  if (production) assertProductionSafe(config);
  return config;
}

/** Whether a listen address reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A start-up warning when the demo's published admin password may be reachable from the network; null otherwise. */
export function exposedDemoWarning(config: AppConfig): string | null {
  if (isLoopbackHost(config.host) || config.adminPassword !== DEMO_SECRETS.adminPassword) return null;
  return `HOST=${config.host} opens the server to the network while admin's password may still be the published demo password ${DEMO_SECRETS.adminPassword}: change it (or set ADMIN_PASSWORD before the first start)`;
}

function assertProductionSafe(config: AppConfig): void {
  const problems: string[] = [];
  if (config.appSecret === DEMO_SECRETS.appSecret) problems.push('APP_SECRET is the demo secret; set your own');
  if (config.adminPassword === DEMO_SECRETS.adminPassword) problems.push('ADMIN_PASSWORD is the demo password; set your own');
  if (config.demoData) problems.push('DEMO_DATA=on is not allowed in production');
  if (config.benchBareRoute) problems.push('BENCH_BARE_ROUTE=on is not allowed in production');
  // The only built-in sender writes codes to the log: phone sign-in would be open to anyone reading it.
  if (config.phoneLogin) problems.push('PHONE_LOGIN=on needs a real SMS provider, and none is configured; set PHONE_LOGIN=off');
  if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}

/** Trusting every proxy would let any caller choose its own address (and dodge per-address limits). */
function parseTrustProxy(value: string | undefined): false | string[] {
  if (!value || value === 'off' || value === 'false') return false;
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
