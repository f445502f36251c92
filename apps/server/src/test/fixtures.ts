import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { ErrorText, type Envelope } from '@care/shared';
import type { DB } from '../platform/db/schema.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { createUserWith, TEST_PASSWORD } from './test-users.js';

/** A well-formed id that names no row. */
export const MISSING_ID = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';

/** A real 1×1 PNG (file-type reads the magic bytes). */
export const TEST_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface AdminTestApp {
  t: TestApp;
  db: Kysely<DB>;
  /** The administrator's session token. */
  admin: string;
  adminId: string;
  /** The seeded (first) company. */
  companyId: string;
}

/** The app on a fresh database with the administrator signed in, for a beforeAll; close `t` in afterAll. */
export async function startAdminApp(options?: TestAppOptions): Promise<AdminTestApp> {
  const t = await createTestApp(options);
  const db = t.ctx.database.db;
  const admin = await t.login();
  const adminId = (await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const companyId = (await db.selectFrom('company').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;
  return { t, db, admin, adminId, companyId };
}

export interface UseTestAppOptions extends TestAppOptions {
  /** Gives the app a DATA_DIR of its own (uploads land there), removed after the app closes. */
  dataDir?: boolean;
}

export interface TestAppContext {
  t: TestApp;
  db: Kysely<DB>;
  /** The app's DATA_DIR when `dataDir` was asked for. */
  dataDir: string;
}

export type AdminTestAppContext = AdminTestApp & TestAppContext;

/**
 * For a describe block: the app on a fresh database, started in beforeAll and closed in afterAll.
 * The fields are filled once beforeAll has run; a describe's own beforeAll registered after this call
 * runs after it. Options given as a function are read in beforeAll (a stand-in server's address).
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): TestAppContext {
  return useStartedApp(options, async (appOptions) => {
    const t = await createTestApp(appOptions);
    return { t, db: t.ctx.database.db };
  });
}

/** useTestApp with the administrator signed in (startAdminApp): admin, adminId, companyId too. */
export function useAdminApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): AdminTestAppContext {
  return useStartedApp(options, startAdminApp);
}

function useStartedApp<T extends { t: TestApp }>(options: UseTestAppOptions | (() => UseTestAppOptions), start: (options: TestAppOptions) => Promise<T>): T & { dataDir: string } {
  const ctx = {} as T & { dataDir: string };
  beforeAll(async () => {
    const { dataDir, ...appOptions } = typeof options === 'function' ? options() : options;
    if (dataDir) ctx.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-test-'));
    Object.assign(ctx, await start(dataDir ? { ...appOptions, env: { ...appOptions.env, DATA_DIR: ctx.dataDir } } : appOptions));
  });
  afterAll(async () => {
    await ctx.t?.close();
    if (ctx.dataDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

/**
 * For a describe block: a stand-in server (CAS, WeChat …) started in beforeAll and closed in afterAll.
 * Called before useTestApp, it starts before the app and stops after it. Its fields are filled once
 * beforeAll has run.
 */
export function useStandIn<S extends { close(): Promise<void> }>(start: () => Promise<S>): S {
  const server = {} as S;
  beforeAll(async () => {
    Object.assign(server, await start());
  });
  afterAll(() => server.close?.());
  return server;
}

/** A new user of the seeded company holding exactly `actions` / `paths` (see createUserWith), signed in. */
export async function signedInUser(t: TestApp, username: string, grants: { actions?: string[]; paths?: string[]; phone?: string } = {}) {
  const user = await createUserWith(t.ctx.database.db, { username, ...grants });
  return { ...user, token: await t.login(username, TEST_PASSWORD) };
}

/** The session token of a new user holding exactly `actions` (menus by path go in `paths`). */
export async function tokenWith(t: TestApp, username: string, actions: string[] = [], paths: string[] = []): Promise<string> {
  return (await signedInUser(t, username, { actions, paths })).token;
}

/** Makes `departmentId` the user's only and current department. */
export async function moveToDepartment(db: Kysely<DB>, userId: string, departmentId: string): Promise<void> {
  await db.deleteFrom('user_department').where('user_id', '=', userId).execute();
  await db.insertInto('user_department').values({ user_id: userId, department_id: departmentId }).execute();
  await db.updateTable('app_user').set({ department_id: departmentId }).where('id', '=', userId).execute();
}

/** The id of a seeded permission by its action, or (menus) by its path. */
export async function permissionId(db: Kysely<DB>, by: { action: string } | { path: string }): Promise<string> {
  const query = db.selectFrom('sys_permission').select('id');
  const row = 'action' in by ? await query.where('action', '=', by.action).executeTakeFirstOrThrow() : await query.where('path', '=', by.path).executeTakeFirstOrThrow();
  return row.id;
}

/** The buttons (actions) seeded under the menu at `path`. */
export async function buttonsOf(db: Kysely<DB>, path: string) {
  return db.selectFrom('sys_permission').select(['action', 'menu_type']).where('parent_id', '=', await permissionId(db, { path })).execute();
}

/** The actions seeded as buttons under the menu at `path`, sorted. */
export async function buttonActionsOf(db: Kysely<DB>, path: string) {
  return (await buttonsOf(db, path)).map((b) => b.action).sort();
}

/** A route table's calls for permission tests: the route's name, the action it needs, a body it accepts. */
export type RouteCall<Routes> = [keyof Routes & string, string, Record<string, unknown>];

/** Each call answers `token` with 403 and the forbidden envelope. */
export async function expectEachForbidden<Routes extends Record<string, string>>(t: TestApp, routes: Routes, calls: readonly RouteCall<Routes>[], token: string) {
  for (const [name, , body] of calls) {
    const res = await t.post(routes[name]!, body, { token });
    expect(res.status, name).toBe(403);
    expect(res.body, name).toMatchObject({ success: false, code: '403', message: ErrorText.forbidden });
  }
}

/** A new user holding just `action` is let through at `url`, and refused at the next request once the action is taken from its group. */
export async function expectRevokedAtNextRequest(t: TestApp, username: string, action: string, url: string) {
  const { token, groupId } = await signedInUser(t, username, { actions: [action] });
  expect((await t.post(url, {}, { token })).status).toBe(200);
  await t.ctx.database.db.deleteFrom('security_group_permission').where('group_id', '=', groupId).execute();
  expect((await t.post(url, {}, { token })).status).toBe(403);
}

/** The result of a call that must succeed (code '0'; the message is shown when it does not). */
export async function resultOf<T>(call: Promise<{ body: Envelope<T> }>): Promise<T> {
  const res = await call;
  expect(res.body.code, res.body.message).toBe('0');
  return res.body.result;
}

/** Adds a data rule to the menu at `path` as the administrator; the call must succeed. Returns its id. */
export async function addDataRule(t: TestApp, admin: string, path: string, body: Record<string, unknown>): Promise<string> {
  return (await resultOf(t.post<{ id: string }>('/online/api/addPermissionRule', { permissionId: await permissionId(t.ctx.database.db, { path }), ...body }, { token: admin }))).id;
}

/** Runs `fn` while a data rule added with addDataRule is in force; the rule is deleted afterwards, pass or fail. */
export async function withDataRule(t: TestApp, admin: string, path: string, body: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
  const ruleId = await addDataRule(t, admin, path, body);
  try {
    await fn();
  } finally {
    await t.ctx.database.db.deleteFrom('data_rule').where('id', '=', ruleId).execute();
  }
}

/** The all-permissions group (code `admin`) of a company. */
export async function superGroupIdOf(db: Kysely<DB>, companyId: string): Promise<string> {
  return (await db.selectFrom('security_group').select('id').where('company_id', '=', companyId).where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
}

/** A GET signed like the browser's (query signed with the token, the token in its header). */
export function signedGet(t: TestApp, url: string, token: string, query: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'GET', url, query: t.signedQuery(query, { token }), headers: { 'x-access-token': token } });
}

/**
 * Multipart like the browser: the parameters signed into the query (the token signed from its
 * header), the form holding `fields` (if any) and then the file.
 */
export async function postMultipart<T = unknown>(
  t: TestApp,
  url: string,
  options: { token?: string; query?: Record<string, unknown>; file?: { name: string; data: Buffer; type?: string }; fields?: Record<string, string> },
): Promise<{ status: number; body: Envelope<T> }> {
  const qs = new URLSearchParams(t.signedQuery(options.query ?? {}, { token: options.token }));
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  if (options.file) form.append('file', new Blob([options.file.data], options.file.type ? { type: options.file.type } : {}), options.file.name);
  const res = await t.app.inject({ method: 'POST', url: `${url}?${qs}`, payload: form, headers: options.token ? { 'x-access-token': options.token } : {} });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

/** Whether something accepts TCP connections at `url` (for tests of optional services: Redis, RabbitMQ). */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A second user of the seeded company in the all-permissions group, signed in: the other pair of eyes
 * (四眼原则) for tests where the administrator records a payment, an order, a change order or a 派工
 * and someone else must audit or approve it. Memoised per app and name.
 */
export async function secondAdmin(t: TestApp, username = 'checker'): Promise<{ userId: string; token: string }> {
  const cached = secondAdmins.get(t)?.get(username);
  if (cached) return cached;
  const made = (async () => {
    const db = t.ctx.database.db;
    const user = await createUserWith(db, { username });
    await db.insertInto('user_security_group').values({ user_id: user.userId, group_id: await superGroupIdOf(db, user.companyId) }).execute();
    return { userId: user.userId, token: await t.login(username, TEST_PASSWORD) };
  })();
  const forApp = secondAdmins.get(t) ?? new Map<string, Promise<{ userId: string; token: string }>>();
  forApp.set(username, made);
  secondAdmins.set(t, forApp);
  return made;
}
const secondAdmins = new WeakMap<TestApp, Map<string, Promise<{ userId: string; token: string }>>>();

/**
 * 系统配置 “允许同一人录入并审核” on (a one-person store): for tests written before 四眼原则 whose
 * administrator records and audits (or creates and approves) the same record. Call in a beforeAll.
 */
export async function allowSelfAudit(db: Kysely<DB>, allowed = true): Promise<void> {
  await db
    .updateTable('system_config')
    .set({ config: sql`jsonb_set(config::jsonb, '{selfAuditAllowed}', ${JSON.stringify(allowed)}::jsonb)` })
    .where('id', '=', 1)
    .execute();
}
