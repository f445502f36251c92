import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeNonce, signFields, type Envelope } from '@care/shared';
import { buildApp, type BuildOptions, type BuiltApp } from '../app.js';
import { loadConfig, type AppConfig } from '../platform/config.js';
import { createAppTestDatabase } from './test-database.js';

export interface TestApp extends BuiltApp {
  config: AppConfig;
  /** Signs like the browser: query + body fields, appId, nonce, siteId, sessionKey when given. */
  signed(fields: Record<string, unknown>, options?: { nonce?: string; token?: string }): Record<string, unknown>;
  /** A query string's fields signed like the browser's GET, DELETE and multipart calls: `sessionKey`
   * (the token) is signed but not sent; the server takes it from the X-Access-Token header. */
  signedQuery(fields: Record<string, unknown>, options?: { nonce?: string; token?: string }): Record<string, string>;
  post<T = unknown>(url: string, body?: Record<string, unknown>, options?: { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  get<T = unknown>(url: string, query?: Record<string, string>, options?: { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  /** Signs in with the password flow and returns the token (admin with the demo password by default). */
  login(username?: string, password?: string): Promise<string>;
  put<T = unknown>(url: string, body?: Record<string, unknown>, options?: { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  env?: Record<string, string>;
}

/**
 * The server on a database of its own of the driver under test (TEST_DB), with a stand-in web build.
 * The database is a clone of the run's migrated and seeded template when the seeds would write the same
 * rows for this app's configuration, else a fresh one migrated and seeded at start-up (test-database.ts).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const webDist = makeFakeWebDist();
  const config = testAppConfig({ WEB_DIST: webDist, ...options.env });
  const testDb = await createAppTestDatabase(config);
  let built: BuiltApp;
  try {
    built = await buildApp(config, { ...options, database: testDb.database, seeded: testDb.seeded });
  } catch (err) {
    await testDb.drop().catch(() => undefined);
    throw err;
  }
  const signed: TestApp['signed'] = (fields, opts = {}) => {
    const all: Record<string, unknown> = { ...fields, appId: config.appId, siteId: config.siteId, nonce: opts.nonce ?? makeNonce() };
    if (opts.token) all.sessionKey = opts.token;
    return { ...all, sign: signFields(all, config.appSecret, config.signAlgorithm) };
  };
  const signedQuery: TestApp['signedQuery'] = (fields, opts = {}) => {
    const { sessionKey: _inHeader, ...query } = signed(fields, opts);
    return query as Record<string, string>;
  };
  const headers = (token?: string) => (token ? { 'x-access-token': token } : {});
  return {
    ...built,
    config,
    signed,
    signedQuery,
    async post(url, body = {}, opts = {}) {
      const res = await built.app.inject({ method: 'POST', url, payload: signed(body, opts), headers: headers(opts.token) });
      return { status: res.statusCode, body: res.json() };
    },
    async put(url, body = {}, opts = {}) {
      const res = await built.app.inject({ method: 'PUT', url, payload: signed(body, opts), headers: headers(opts.token) });
      return { status: res.statusCode, body: res.json() };
    },
    async login(username = 'admin', password = config.adminPassword ?? '') {
      const res = await built.app.inject({ method: 'POST', url: '/online/user/getCodeLogin', payload: signed({ username, password }) });
      const body = res.json() as Envelope<{ token: string }>;
      if (body.code !== '0') throw new Error(`login as ${username} failed: ${body.message}`);
      return body.result.token;
    },
    async get(url, query = {}, opts = {}) {
      const res = await built.app.inject({ method: 'GET', url, query: signedQuery(query, opts), headers: headers(opts.token) });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await built.app.close();
      await testDb.drop();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** The configuration of createTestApp: `env` over the test defaults. */
export function testAppConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DEMO_DATA: 'on',
    // The demo company's stores, roles and scopes, but not its year of CRM records: tests count and
    // search leads and customers of their own (seed/demo-crm-data.api.test.ts turns them on).
    DEMO_CRM_DATA: 'off',
    LOGIN_CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    NONCE_STORE: 'memory',
    ...env,
  });
}

/** A minimal stand-in for apps/web/dist so SPA serving is testable without a front-end build. */
export function makeFakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script src="/app/assets/index-abc123.js"></script></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export type { FastifyInstance };
