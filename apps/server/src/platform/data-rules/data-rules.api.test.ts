import { sql, type Expression, type Generated, type Kysely, type KyselyPlugin, type SqlBool } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime, type DataRuleCondition } from '@care/shared';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { requireSession, type SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { NotFound } from '../errors.js';
import { withDataRules } from './apply.js';
import { forgetDataRuleResource, registerDataRuleColumns } from './registry.js';
import { setStoreIdsProvider } from './variables.js';

// A module of its own: a small table, its filterable columns, and list / by-id / edit routes whose
// queries AND the data-rule filter in, as every repo does.
interface ProbeRow {
  id: Generated<string>;
  tag: string;
  company_id: string | null;
  owner_id: string | null;
  owner_name: string | null;
  dept_id: string | null;
  org_code: string | null;
  amount: string | null;
  note: string | null;
  made_on: string | null;
}
type ProbeDB = DB & { probe_row: ProbeRow };

const probe = registerDataRuleColumns(
  'probe',
  {
    company: { label: '公司', sql: 'c.company_id', type: 'uuid' },
    owner: { label: '负责人', sql: 'c.owner_id', type: 'uuid' },
    ownerName: { label: '负责人账号', sql: 'c.owner_name', type: 'text' },
    dept: { label: '部门', sql: 'c.dept_id', type: 'uuid' },
    orgCode: { label: '部门编码', sql: 'c.org_code', type: 'text' },
    amount: { label: '金额', sql: 'c.amount', type: 'number' },
    note: { label: '备注', sql: 'c.note', type: 'text' },
    madeOn: { label: '日期', sql: 'c.made_on', type: 'date' },
  },
  { label: '探针' },
);
registerDataRuleColumns('probe_other', { x: { label: 'X', sql: 'o.x', type: 'text' } });
// Test files share a process (vitest isolate off): the next file must not find these probes.
afterAll(() => ['probe', 'probe_other'].forEach(forgetDataRuleResource));

const MENU = '/crm/lead';
const ACTION = 'system:config:edit';
const LIST = '/online/test/probe/list';
const BY_ID = '/online/test/probe/queryById';
const EDIT = '/online/test/probe/edit';

const probeDb = (db: Kysely<DB>) => db.withTables<{ probe_row: ProbeRow }>() as unknown as Kysely<ProbeDB>;

function probeRoutes(app: FastifyInstance, db: () => Kysely<DB>) {
  const scopeOf = (request: Parameters<typeof requireSession>[0], via?: unknown) =>
    withDataRules(db(), { resource: probe, permission: via === 'action' ? ACTION : MENU, session: requireSession(request) });
  app.post(LIST, { config: { access: 'authenticated' } }, async (request) => {
    const scope = await scopeOf(request, (request.body as { via?: string }).via);
    const rows = await probeDb(db()).selectFrom('probe_row as c').select('c.tag').where(scope).orderBy('c.tag').execute();
    return { success: true, message: '', code: '0', result: rows.map((r) => r.tag) };
  });
  app.post(BY_ID, { config: { access: 'authenticated' } }, async (request) => {
    const scope = await scopeOf(request);
    const row = await probeDb(db()).selectFrom('probe_row as c').selectAll('c').where('c.id', '=', (request.body as { id: string }).id).where(scope).executeTakeFirst();
    if (!row) throw new NotFound();
    return { success: true, message: '', code: '0', result: row };
  });
  app.post(EDIT, { config: { access: 'authenticated' } }, async (request) => {
    const body = request.body as { id: string; note: string };
    const scope = await scopeOf(request);
    const pdb = probeDb(db());
    // The same filter on the row being changed: only a row the caller can see is updated.
    const result = await pdb
      .updateTable('probe_row')
      .set({ note: body.note })
      .where('id', '=', body.id)
      .where('id', 'in', pdb.selectFrom('probe_row as c').select('c.id').where(scope))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new NotFound();
    return { success: true, message: '', code: '0', result: null };
  });
}

describe('data rules applied by the platform helper', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let companyId: string;
  let menuId: string;
  const ids: Record<string, string> = {};
  const users: Record<string, { userId: string; token: string }> = {};
  const today = formatDateTime(new Date(), 'YYYY-MM-DD');

  const setRules = async (rules: { column: string; condition: DataRuleCondition; value?: string; enabled?: boolean; resource?: string; permissionId?: string; companyId?: string }[]) => {
    await db.deleteFrom('data_rule').execute();
    if (rules.length === 0) return;
    await db
      .insertInto('data_rule')
      .values(
        rules.map((r, i) => ({
          company_id: r.companyId ?? companyId,
          permission_id: r.permissionId ?? menuId,
          resource: r.resource ?? 'probe',
          name: `规则${i}`,
          column_key: r.column,
          condition: r.condition,
          value: r.value ?? '',
          enabled: r.enabled ?? true,
        })),
      )
      .execute();
  };
  const list = async (who: string, via?: 'action') => {
    const res = await t.post<string[]>(LIST, via ? { via } : {}, { token: users[who]!.token });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: '0' });
    return res.body.result;
  };
  const ALL = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];
  /** The SQL text of a rule filter. */
  const text = (expr: Expression<SqlBool>) => sql`${expr}`.compile(db).sql;
  /** `db` counting the queries it runs. */
  const countingQueries = () => {
    let count = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        count++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { counted: db.withPlugin(counter), queries: () => count };
  };

  beforeAll(async () => {
    t = await createTestApp({ extraRoutes: (app) => probeRoutes(app, () => t.ctx.database.db) });
    db = t.ctx.database.db;
    companyId = (await db.selectFrom('company').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;
    menuId = (await db.selectFrom('sys_permission').select('id').where('path', '=', MENU).executeTakeFirstOrThrow()).id;
    await sql`create table probe_row (
      id uuid primary key default gen_random_uuid(), tag text not null, company_id uuid, owner_id uuid, owner_name text,
      dept_id uuid, org_code text, amount numeric(14, 2), note text, made_on date)`.execute(db);
    const dept = async (code: string) => (await db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    for (const [name, actions] of [['alice', []], ['bob', []], ['boss', ['allhrdata']]] as [string, string[]][]) {
      const u = await createUserWith(db, { username: name, paths: [MENU], actions });
      users[name] = { userId: u.userId, token: await t.login(name, TEST_PASSWORD) };
    }
    users.admin = { userId: '', token: await t.login() };
    const alice = users.alice!.userId;
    const bob = users.bob!.userId;
    const rows = [
      { tag: 't1', company_id: companyId, owner_id: alice, owner_name: 'alice', dept_id: await dept('A01'), org_code: 'A01', amount: '10', note: 'alpha', made_on: '2024-01-01' },
      { tag: 't2', company_id: companyId, owner_id: bob, owner_name: 'bob', dept_id: await dept('A01A01'), org_code: 'A01A01', amount: '20', note: 'beta', made_on: '2024-06-01' },
      { tag: 't3', company_id: companyId, owner_id: alice, owner_name: 'alice', dept_id: await dept('A02'), org_code: 'A02', amount: '30', note: "it's", made_on: today },
      { tag: 't4', company_id: companyId, owner_id: bob, owner_name: 'bob', dept_id: await dept('A02A01'), org_code: 'A02A01', amount: '40', note: '100%_done', made_on: null },
      { tag: 't5', company_id: companyId, owner_id: null, owner_name: null, dept_id: null, org_code: null, amount: null, note: '100x done', made_on: '2030-01-01' },
      { tag: 't6', company_id: companyId, owner_id: bob, owner_name: 'bob', dept_id: null, org_code: 'A03', amount: '50', note: "'; drop table probe_row; --", made_on: '2024-01-01' },
      { tag: 't7', company_id: '7e4b1c2d-0000-4000-8000-000000000007', owner_id: null, owner_name: null, dept_id: null, org_code: null, amount: null, note: 'other company', made_on: null },
    ];
    for (const row of rows) ids[row.tag] = (await probeDb(db).insertInto('probe_row').values(row).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());
  beforeEach(() => setRules([]));

  it('lets everything through when the permission has no rule', async () => {
    expect(await list('alice')).toEqual(ALL);
  });

  it.each<[string, DataRuleCondition, string, string[]]>([
    ['amount', '=', '30', ['t3']],
    ['amount', '!=', '30', ['t1', 't2', 't4', 't5', 't6', 't7']],
    ['amount', '>', '20', ['t3', 't4', 't6']],
    ['amount', '>=', '20', ['t2', 't3', 't4', 't6']],
    ['amount', '<', '20', ['t1']],
    ['amount', '<=', '20', ['t1', 't2']],
    ['orgCode', 'IN', 'A01, A02', ['t1', 't3']],
    ['orgCode', 'NOT_IN', 'A01,A02', ['t2', 't4', 't5', 't6', 't7']],
    ['note', 'LIKE', 'lph', ['t1']],
    ['note', 'LEFT_LIKE', 'done', ['t4', 't5']],
    ['note', 'RIGHT_LIKE', '100', ['t4', 't5']],
    ['madeOn', 'IS_NULL', '', ['t4', 't7']],
    ['owner', 'NOT_NULL', '', ['t1', 't2', 't3', 't4', 't6']],
    ['madeOn', '<', '2024-03-01', ['t1', 't6']],
  ])('%s %s %s', async (column, condition, value, expected) => {
    await setRules([{ column, condition, value }]);
    expect(await list('alice')).toEqual(expected);
  });

  it.each<[string, DataRuleCondition, string, string[]]>([
    ['owner', '=', '#{sys_user_id}', ['t1', 't3']],
    ['owner', '!=', '#{sys_user_id}', ['t2', 't4', 't5', 't6', 't7']],
    ['ownerName', '=', '#{sys_user_code}', ['t1', 't3']],
    ['orgCode', 'RIGHT_LIKE', '#{sys_org_code}', ['t1', 't2']],
    ['dept', '=', '#{sys_org_id}', ['t1']],
    ['company', '=', '#{sys_company_id}', ['t1', 't2', 't3', 't4', 't5', 't6']],
    ['madeOn', '=', '#{sys_date}', ['t3']],
    ['madeOn', '>=', '#{sys_date}', ['t3', 't5']],
    // No stores yet: the hook gives an empty list, so the rule shows nothing rather than everything.
    ['owner', 'IN', '#{sys_store_ids}', []],
  ])('variable: %s %s %s', async (column, condition, value, expected) => {
    await setRules([{ column, condition, value }]);
    // t3 is made "today" (Asia/Shanghai): set it just before asking, so a run crossing Shanghai's
    // midnight (16:00 UTC) between the seeding and this case still compares the same day.
    if (value === '#{sys_date}') await sql`update probe_row set made_on = ${formatDateTime(new Date(), 'YYYY-MM-DD')} where tag = 't3'`.execute(db);
    expect(await list('alice')).toEqual(expected);
  });

  it('reads #{sys_store_ids} from the installed store lookup', async () => {
    const previous = setStoreIdsProvider(async (_db, session) => (session.username === 'alice' ? [users.bob!.userId] : []));
    try {
      await setRules([{ column: 'owner', condition: 'IN', value: '#{sys_store_ids}' }]);
      expect(await list('alice')).toEqual(['t2', 't4', 't6']);
      expect(await list('bob')).toEqual([]);
    } finally {
      setStoreIdsProvider(previous);
    }
  });

  it('combines the rules of a permission with AND, and skips disabled ones', async () => {
    await setRules([
      { column: 'owner', condition: '=', value: '#{sys_user_id}' },
      { column: 'amount', condition: '>', value: '10' },
      { column: 'note', condition: '=', value: 'nothing', enabled: false },
    ]);
    expect(await list('alice')).toEqual(['t3']);
    expect(await list('bob')).toEqual(['t2', 't4', 't6']);
  });

  it('applies only the rules of the permission, the resource and the company asked for', async () => {
    const other = await db.insertInto('company').values({ code: 'OTHER', name: '别家' }).returning('id').executeTakeFirstOrThrow();
    const actionId = (await db.selectFrom('sys_permission').select('id').where('action', '=', ACTION).executeTakeFirstOrThrow()).id;
    await setRules([
      { column: 'x', condition: '=', value: 'x', resource: 'probe_other' },
      { column: 'owner', condition: 'IS_NULL', companyId: other.id },
      { column: 'owner', condition: '=', value: '#{sys_user_id}', permissionId: actionId },
    ]);
    expect(await list('alice')).toEqual(ALL);
    // A button's action keys its rules as well as a menu's path does.
    expect(await list('alice', 'action')).toEqual(['t1', 't3']);
  });

  it('lets nothing through a rule whose column the module no longer registers', async () => {
    await setRules([{ column: 'gone', condition: '=', value: 'x' }]);
    expect(await list('alice')).toEqual([]);
  });

  it('exempts a user holding allhrdata and a member of a super group', async () => {
    await setRules([
      { column: 'owner', condition: '=', value: '#{sys_user_id}' },
      { column: 'amount', condition: '>', value: '10' },
    ]);
    expect(await list('alice')).toEqual(['t3']);
    expect(await list('boss')).toEqual(ALL);
    expect(await list('admin')).toEqual(ALL);
  });

  it('takes allhrdata away on the next request once its group loses it', async () => {
    const { userId, groupId } = await createUserWith(db, { username: 'boss2', paths: [MENU], actions: ['allhrdata'] });
    users.boss2 = { userId, token: await t.login('boss2', TEST_PASSWORD) };
    await setRules([{ column: 'owner', condition: '=', value: '#{sys_user_id}' }]);
    expect(await list('boss2')).toEqual(ALL);
    const perm = await db.selectFrom('sys_permission').select('id').where('action', '=', 'allhrdata').executeTakeFirstOrThrow();
    await db.deleteFrom('security_group_permission').where('group_id', '=', groupId).where('permission_id', '=', perm.id).execute();
    expect(await list('boss2')).toEqual([]);
  });

  it('filters access by id and edits by id with the same helper', async () => {
    await setRules([{ column: 'owner', condition: '=', value: '#{sys_user_id}' }]);
    const token = users.alice!.token;
    expect((await t.post(BY_ID, { id: ids.t1 }, { token })).body).toMatchObject({ code: '0', result: { tag: 't1' } });
    const outside = await t.post(BY_ID, { id: ids.t2 }, { token });
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject({ success: false, code: '404', result: null });

    const edit = await t.post(EDIT, { id: ids.t2, note: 'hacked' }, { token });
    expect(edit.body.code).toBe('404');
    expect((await probeDb(db).selectFrom('probe_row').select('note').where('id', '=', ids.t2!).executeTakeFirstOrThrow()).note).toBe('beta');
    expect((await t.post(EDIT, { id: ids.t1, note: 'alpha' }, { token })).body.code).toBe('0');
    // Exempt users reach any row by id.
    expect((await t.post(BY_ID, { id: ids.t2 }, { token: users.boss!.token })).body.code).toBe('0');
  });

  it('keeps quotes, comments, semicolons, union select, % and _ as data', async () => {
    const attacks = ["'", "x' or '1'='1", "--", "a/**/or/**/1=1", "; delete from probe_row", "' union select id, tag from probe_row --", '%', '_', '\\', "'; drop table probe_row; --"];
    const token = users.alice!.token;
    for (const value of attacks) {
      const expectations: [string, DataRuleCondition, string[]][] = [
        ['note', '=', value === "'; drop table probe_row; --" ? ['t6'] : []],
        ['note', 'IN', value === "'; drop table probe_row; --" ? ['t6'] : []],
        ['note', 'LIKE', ALL.filter((tag) => noteOf(tag).includes(value))],
        ['note', 'LEFT_LIKE', ALL.filter((tag) => noteOf(tag).endsWith(value))],
        ['ownerName', 'NOT_IN', ['t1', 't2', 't3', 't4', 't5', 't6', 't7']],
      ];
      for (const [column, condition, expected] of expectations) {
        await setRules([{ column, condition, value }]);
        const res = await t.post<string[]>(LIST, {}, { token });
        expect(res.body, `${condition} ${value}`).toMatchObject({ code: '0', result: expected });
      }
    }
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from probe_row`.execute(db)).rows[0]!.n)).toBe(7);
  });

  it('loads the rules once per request and permission', async () => {
    const { counted, queries } = countingQueries();
    await setRules([{ column: 'owner', condition: '=', value: '#{sys_user_id}' }]);
    const session: SessionInfo = { sessionId: 's', userId: users.alice!.userId, username: 'alice', companyId, departmentId: null };
    const first = await withDataRules(counted, { resource: 'probe', permission: MENU, session });
    expect(text(first)).toBe('("c"."owner_id" = $1::uuid)');
    await setRules([]);
    const second = await withDataRules(counted, { resource: probe, permission: MENU, session });
    expect(queries()).toBe(1);
    expect(text(second)).toBe(text(first));
    // A new request (a new session object) sees the change.
    expect(text(await withDataRules(counted, { resource: probe, permission: MENU, session: { ...session } }))).toBe('true');
    expect(queries()).toBe(2);
  });

  it('keeps loaded rules across requests while the access rules version holds, not inside a transaction', async () => {
    const { counted, queries } = countingQueries();
    const version = async () => String((await db.selectFrom('access_rules_version').select('version').executeTakeFirstOrThrow()).version);
    await setRules([{ column: 'owner', condition: '=', value: '#{sys_user_id}' }]);
    const before = await version();
    const request = (): SessionInfo => ({ sessionId: 's', userId: users.alice!.userId, username: 'alice', companyId, departmentId: null, accessVersion: before });
    expect(text(await withDataRules(counted, { resource: probe, permission: MENU, session: request() }))).toBe('("c"."owner_id" = $1::uuid)');
    expect(text(await withDataRules(counted, { resource: probe, permission: MENU, session: request() }))).toBe('("c"."owner_id" = $1::uuid)');
    expect(queries()).toBe(1);

    // Any change to the rules moves the version (a trigger), so the next request loads again.
    await setRules([]);
    const after = await version();
    expect(after).not.toBe(before);
    expect(text(await withDataRules(counted, { resource: probe, permission: MENU, session: { ...request(), accessVersion: after } }))).toBe('true');
    expect(queries()).toBe(2);

    // A transaction may see its own uncommitted rule changes: it neither reads nor fills the shared cache.
    await counted.transaction().execute(async (trx) => {
      await trx.insertInto('data_rule').values({ company_id: companyId, permission_id: menuId, resource: 'probe', name: '事务内', column_key: 'owner', condition: 'IS_NULL', value: '' }).execute();
      const inside = await withDataRules(trx, { resource: probe, permission: MENU, session: { ...request(), accessVersion: after } });
      expect(text(inside)).toBe('("c"."owner_id" is null)');
      await trx.deleteFrom('data_rule').execute();
    });
    const queriesAfterTransaction = queries();
    expect(text(await withDataRules(counted, { resource: probe, permission: MENU, session: { ...request(), accessVersion: after } }))).toBe('true');
    expect(queries()).toBe(queriesAfterTransaction);
  });

  it('sees a store membership, a group membership and a disabled group on the very next request', async () => {
    const store = await db.insertInto('store').values({ company_id: companyId, code: 'RULES', name: '规则店' }).returning('id').executeTakeFirstOrThrow();
    await probeDb(db).updateTable('probe_row').set({ dept_id: store.id }).where('tag', '=', 't5').execute();
    try {
      await setRules([{ column: 'dept', condition: 'IN', value: '#{sys_store_ids}' }]);
      expect(await list('alice')).toEqual([]);
      expect(await list('alice')).toEqual([]);
      await db.insertInto('user_store').values({ user_id: users.alice!.userId, store_id: store.id }).execute();
      expect(await list('alice')).toEqual(['t5']);
      await db.deleteFrom('user_store').where('store_id', '=', store.id).execute();
      expect(await list('alice')).toEqual([]);
      await db.updateTable('store').set({ manager_id: users.alice!.userId }).where('id', '=', store.id).execute();
      expect(await list('alice')).toEqual(['t5']);

      // Joining a group that holds allhrdata lifts the rules; disabling that group brings them back.
      const boss = await db.selectFrom('user_security_group').select('group_id').where('user_id', '=', users.boss!.userId).executeTakeFirstOrThrow();
      await db.insertInto('user_security_group').values({ user_id: users.alice!.userId, group_id: boss.group_id }).execute();
      expect(await list('alice')).toEqual(ALL);
      await db.updateTable('security_group').set({ enabled: false }).where('id', '=', boss.group_id).execute();
      expect(await list('alice')).toEqual(['t5']);
      await db.updateTable('security_group').set({ enabled: true }).where('id', '=', boss.group_id).execute();
      await db.deleteFrom('user_security_group').where('user_id', '=', users.alice!.userId).where('group_id', '=', boss.group_id).execute();
      expect(await list('alice')).toEqual(['t5']);
    } finally {
      await probeDb(db).updateTable('probe_row').set({ dept_id: null }).where('tag', '=', 't5').execute();
      await db.deleteFrom('user_store').where('store_id', '=', store.id).execute();
      await db.deleteFrom('store').where('id', '=', store.id).execute();
    }
  });

  it('refuses to run with a resource nobody registered', async () => {
    const session: SessionInfo = { sessionId: 's', userId: users.alice!.userId, username: 'alice', companyId, departmentId: null };
    await expect(withDataRules(db, { resource: 'nope', permission: MENU, session })).rejects.toThrow(/not registered/);
  });
});

const notes: Record<string, string> = { t1: 'alpha', t2: 'beta', t3: "it's", t4: '100%_done', t5: '100x done', t6: "'; drop table probe_row; --", t7: 'other company' };
const noteOf = (tag: string) => notes[tag]!;
