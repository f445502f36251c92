import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnroutedAction, Permission } from '@care/shared';
import { listDataRuleResources } from '../platform/data-rules/registry.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { modules } from './index.js';
import { onlineRuleResource } from './online-data/online-data.rules.js';
import { assembleProductMenu, type MenuSeed } from './permission/permission.seed.js';

// Tables of the platform itself (no module owns them).
const PLATFORM_TABLES = ['schema_migrations', 'state_change'];
// Web modules without a server side of their own name (bigscreen: its server side is display-link).
const WEB_ONLY_MODULES = ['dashboard', 'bigscreen'];

const folderOf = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const subfolders = (path: string) => readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

function buttonActions(menu: MenuSeed[]): string[] {
  return menu.flatMap((node) => [...(node.buttons ?? []).map((b) => b.action), ...buttonActions(node.children ?? [])]);
}

// The app is assembled from the list of modules: what they declare must add up.
describe('module manifests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('seeds every declared permission action as a button, once', () => {
    const seeded = buttonActions(assembleProductMenu(modules));
    expect(seeded.filter((a, i) => seeded.indexOf(a) !== i)).toEqual([]);
    expect(Object.values(Permission).filter((action) => !seeded.includes(action))).toEqual([]);
    expect(seeded.filter((action) => !(Object.values(Permission) as string[]).includes(action))).toEqual([]);
  });

  it('guards a route with every declared action, except the scopes a service checks', () => {
    const routed = new Set(t.routeTable.map((r) => r.access));
    const unused = Object.values(Permission).filter((action) => !routed.has(action) && !isUnroutedAction(action));
    expect(unused).toEqual([]);
    // An action declared as checked in a service must not also guard a route (it would be a menu grant).
    expect(Object.values(Permission).filter((action) => isUnroutedAction(action) && routed.has(action))).toEqual([]);
  });

  it('gives every table of the database to one module (or the platform)', async () => {
    const owned = [...PLATFORM_TABLES, ...modules.flatMap((m) => m.tables ?? [])];
    expect(owned.filter((table, i) => owned.indexOf(table) !== i)).toEqual([]);
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.database.db);
    expect(rows.map((r) => r.table_name).filter((table) => !owned.includes(table)).sort()).toEqual([]);
    expect(owned.filter((table) => !rows.some((r) => r.table_name === table))).toEqual([]);
  });

  it('declares every data-rule resource the app registers', () => {
    const declared = modules.flatMap((m) => (m.dataRules ?? []).map((r) => r.resource));
    // An online form's table registers at run time (`online_data.<table>`), when a test in this process synced one.
    expect(listDataRuleResources().map((r) => r.resource).filter((r) => !declared.includes(r) && !r.startsWith(onlineRuleResource('')))).toEqual([]);
  });

  it('names each module after its folder, on the server and in the web app', () => {
    const server = subfolders(folderOf('.'));
    expect(modules.map((m) => m.name).sort()).toEqual(server.sort());
    const web = subfolders(folderOf('../../../web/src/modules'));
    expect(web.filter((name) => !server.includes(name) && !WEB_ONLY_MODULES.includes(name))).toEqual([]);
  });
});
