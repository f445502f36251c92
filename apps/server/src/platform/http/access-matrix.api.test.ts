import { randomUUID } from 'node:crypto';
import { ErrorText, type Access } from '@care/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import type { RouteTableEntry } from './route-table.js';

/**
 * The role × route matrix over every route the server has, present and future: for each route that
 * needs an action, a member of a group holding every other action is refused with 403, and a member
 * holding that action alone gets past the permission check. The table comes from the live registry,
 * so a new module's routes join the matrix without anyone listing them here.
 */
const isAction = (access: Access) => access !== 'public' && access !== 'authenticated';

// The routes are read from the registry after start-up, so the list of cases is built in beforeAll;
// one `it` walks it and names the failing route in each assertion message.
describe('role × route access matrix', () => {
  let t: TestApp;
  let routes: RouteTableEntry[];
  let permissionIdOf: Map<string, string>;
  /** Holds every action but the one under test. */
  let refusing: Probe;
  /** Holds the action under test alone. */
  let allowing: Probe;

  interface Probe {
    token: string;
    groupId: string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.ctx.database.db;
    routes = t.routeTable.filter((r) => isAction(r.access));
    const rows = await db.selectFrom('sys_permission').select(['id', 'action']).where('action', 'is not', null).execute();
    permissionIdOf = new Map(rows.map((r) => [r.action as string, r.id]));
    refusing = await probe('matrix_refused');
    allowing = await probe('matrix_allowed');
  });
  afterAll(() => t?.close());

  async function probe(username: string): Promise<Probe> {
    const { groupId } = await createUserWith(t.ctx.database.db, { username });
    return { groupId, token: await t.login(username, TEST_PASSWORD) };
  }

  /** The probe's group also holds `actions` from its next request on. */
  async function grant(probe: Probe, actions: string[]) {
    const ids = actions.map((a) => permissionIdOf.get(a)).filter((id): id is string => Boolean(id));
    if (ids.length) await t.ctx.database.db.insertInto('security_group_permission').values(ids.map((permission_id) => ({ group_id: probe.groupId, permission_id }))).execute();
  }

  /** The probe's group no longer holds `action` from its next request on. */
  async function revoke(probe: Probe, action: string) {
    const id = permissionIdOf.get(action);
    if (id) await t.ctx.database.db.deleteFrom('security_group_permission').where('group_id', '=', probe.groupId).where('permission_id', '=', id).execute();
  }

  /** Calls a route as the probe with an empty, signed input; path parameters get a random id. */
  async function call(route: RouteTableEntry, token: string): Promise<{ status: number; code?: string; message?: string }> {
    const url = route.url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');
    const headers = { 'x-access-token': token };
    const res =
      route.method === 'GET' || route.method === 'DELETE'
        ? await t.app.inject({ method: route.method, url, query: t.signedQuery({}, { token }), headers })
        : await t.app.inject({ method: route.method as 'POST' | 'PUT', url, payload: t.signed({}, { token }), headers });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    const body = isJson ? (res.json() as { code?: string; message?: string }) : {};
    return { status: res.statusCode, code: body.code, message: body.message };
  }

  it('covers a real set of routes', () => {
    // Guards against a registry that silently went empty: the organisation module alone has dozens.
    expect(routes.length).toBeGreaterThan(30);
  });

  it('every action a route needs can be granted: it is a button or menu in the permission tree', () => {
    const ungrantable = [...new Set(routes.map((r) => r.access))].filter((a) => !permissionIdOf.has(a));
    expect(ungrantable).toEqual([]);
  });

  it('a member holding every other action is refused with 403; one holding the action gets past the check', async () => {
    // The routes of one action are walked together, and moving the two probes on to the next action
    // is a row out and a row in for each (re-granting some 300 actions for every route took most of
    // this test's time).
    const routesOf = new Map<string, RouteTableEntry[]>();
    for (const route of routes) routesOf.set(route.access, [...(routesOf.get(route.access) ?? []), route]);
    await grant(refusing, [...permissionIdOf.keys()]);
    let previous: string | undefined;
    for (const [action, actionRoutes] of routesOf) {
      if (previous) {
        await grant(refusing, [previous]);
        await revoke(allowing, previous);
      }
      await revoke(refusing, action);
      await grant(allowing, [action]);
      previous = action;
      for (const route of actionRoutes) {
        const name = `${route.method} ${route.url} (${route.access})`;
        const refused = await call(route, refusing.token);
        expect(refused.status, name).toBe(403);
        expect(refused, name).toMatchObject({ code: '403', message: ErrorText.forbidden });

        const allowed = await call(route, allowing.token);
        expect(allowed.status, name).not.toBe(403);
        expect(allowed.status, name).not.toBe(401);
        // An empty input may be refused by validation (101) or not found (404), never by a server fault.
        expect(allowed.status, name).toBeLessThan(500);
      }
    }
  }, 300_000);

  it('every non-public route refuses a caller without a session (302)', async () => {
    const guarded = t.routeTable.filter((r) => r.access !== 'public' && r.signed);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');
      const res =
        route.method === 'GET' || route.method === 'DELETE'
          ? await t.app.inject({ method: route.method, url, query: t.signed({}) as Record<string, string> })
          : await t.app.inject({ method: route.method as 'POST' | 'PUT', url, payload: t.signed({}) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: '302' });
    }
  });
});
