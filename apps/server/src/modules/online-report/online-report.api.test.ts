import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorText,
  ONLINE_REPORT_MAX_BYTES,
  ONLINE_REPORT_MAX_ROW_BYTES,
  onlineReportAction,
  onlineReportContract as C,
  onlineReportMenuPath,
  onlineReportPageContracts,
  OnlineReportPermission,
  OnlineReportText as T,
  type OnlineReport,
  type OnlineReportCreate,
  type OnlineReportData,
  type OnlineReportPageConfig,
  type OnlineReportPreviewResult,
  type PageResult,
} from '@care/shared';
import { buttonActionsOf, MISSING_ID, resultOf, signedInUser, useAdminApp } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { runReportQuery } from './online-report.repo.js';
import { EXAMPLE_REPORT } from './online-report.seed.js';

const ROOMS_SQL = [
  'select s.code as store_code, s.name as store_name, r.room_no, r.status, r.daily_price',
  '  from rooms r join stores s on s.id = r.store_id',
  " where s.code like 'RP%'",
  '   and (:store_code::text is null or s.code = :store_code)',
  '   and r.daily_price >= coalesce(${min_price}::numeric, 0)',
  ' order by s.code, r.room_no',
].join('\n');

const caps = { maxBytes: ONLINE_REPORT_MAX_BYTES, maxRowBytes: ONLINE_REPORT_MAX_ROW_BYTES };

// Issue 26: a few hundred bytes of SQL that answer megabytes. `grow(n)` is '10 x' grown tenfold n times.
const grow = (n: number, tail = ''): string => {
  let text = "'xxxxxxxxxx'";
  for (let i = 0; i < n; i++) text = `replace(${text}, 'x', 'xxxxxxxxxx')`;
  return tail ? `replace(${text}, 'x', '${tail}')` : text;
};
const digits = (alias: string) => `(values (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)) as ${alias}(n)`;

const roomsReport = (code: string): OnlineReportCreate => ({
  code,
  name: '房间价格',
  sql: ROOMS_SQL,
  params: [
    { name: 'store_code', label: '门店编码', type: 'text', defaultValue: '', required: false, dictCode: '' },
    { name: 'min_price', label: '最低价格', type: 'number', defaultValue: '', required: false, dictCode: '' },
  ],
  columns: [
    { field: 'store_name', label: '门店', width: 160, dictCode: '', show: true, export: true, sum: false },
    { field: 'room_no', label: '房号', width: 100, dictCode: '', show: true, export: true, sum: false },
    { field: 'status', label: '房态', width: 100, dictCode: 'room_status', show: true, export: true, sum: false },
    { field: 'daily_price', label: '日价', width: 100, dictCode: '', show: true, export: true, sum: true },
  ],
  chart: { type: 'bar', xField: 'room_no', yFields: ['daily_price'] },
});

describe('报表配置 and the reports’ pages', () => {
  const ctx = useAdminApp();
  const post = <R>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<R>(url, body, { token });
  let otherCompanyId = '';

  beforeAll(async () => {
    const db = ctx.db;
    // Company A (the seeded one): two stores of rooms; company B: a store whose rooms must never show.
    const other = await db.insertInto('company').values({ code: 'RPB', name: '另一公司' }).returning('id').executeTakeFirstOrThrow();
    otherCompanyId = other.id;
    const rooms = async (companyId: string, code: string, name: string, list: [string, string, string][]) => {
      const store = await db.insertInto('store').values({ company_id: companyId, code, name }).returning('id').executeTakeFirstOrThrow();
      const type = await db.insertInto('room_type').values({ company_id: companyId, store_id: store.id, code: `${code}T`, name: '标准间' }).returning('id').executeTakeFirstOrThrow();
      for (const [no, price, status] of list) {
        await db.insertInto('room').values({ company_id: companyId, store_id: store.id, room_type_id: type.id, room_no: no, floor: 1, daily_price: price, status: status as never }).execute();
      }
    };
    await rooms(ctx.companyId, 'RPA1', '报表一店', [
      ['101', '1000.10', 'free'],
      ['102', '1200.20', 'repair'],
    ]);
    await rooms(ctx.companyId, 'RPA2', '报表二店', [['201', '800.05', 'free']]);
    await rooms(otherCompanyId, 'RPB1', '别家门店', [['901', '99999.99', 'free']]);
  });

  it('adds, lists, reads, edits (version lock) and deletes a report; a taken code and bad SQL change nothing', async () => {
    const added = await resultOf(post<OnlineReport>(C.add.path, roomsReport('crud_rooms')));
    expect(added).toMatchObject({ code: 'crud_rooms', name: '房间价格', version: 1, menuPath: null });
    expect((await post(C.add.path, roomsReport('crud_rooms'))).body).toMatchObject({ success: false, message: T.codeTaken });
    expect((await post(C.add.path, { ...roomsReport('crud_bad'), sql: 'delete from rooms' })).body).toMatchObject({ success: false, message: T.singleSelect });
    expect((await post(C.add.path, { ...roomsReport('Bad-Code') })).body.success).toBe(false);

    const page = await resultOf(post<PageResult<OnlineReport>>(C.list.path, { code: 'crud_' }));
    expect(page.records.map((r) => r.code)).toEqual(['crud_rooms']);
    expect(await resultOf(post<OnlineReport>(C.queryById.path, { id: added.id }))).toMatchObject({ sql: ROOMS_SQL });

    const edited = await resultOf(post<OnlineReport>(C.edit.path, { ...roomsReport('x'), id: added.id, version: 1, name: '房间价格表' }));
    expect(edited).toMatchObject({ name: '房间价格表', version: 2 });
    expect((await post(C.edit.path, { ...roomsReport('x'), id: added.id, version: 1, name: '旧版本' })).body).toMatchObject({ success: false, message: ErrorText.staleVersion });
    expect((await post(C.edit.path, { ...roomsReport('x'), id: added.id, version: 2, sql: 'select pg_sleep(1)' })).body).toMatchObject({ success: false, message: `${T.functionRefused}：pg_sleep` });
    expect((await resultOf(post<OnlineReport>(C.queryById.path, { id: added.id }))).version).toBe(2);

    await resultOf(post(C.delete.path, { id: added.id, version: 2 }));
    expect((await post(C.queryById.path, { id: added.id })).body).toMatchObject({ success: false, code: '404' });
    expect((await post(C.delete.path, { id: MISSING_ID })).body).toMatchObject({ success: false, code: '404' });
  });

  it('seeds the example report, and its preview runs over the report views', async () => {
    const page = await resultOf(post<PageResult<OnlineReport>>(C.list.path, { code: EXAMPLE_REPORT.code }));
    expect(page.records[0]).toMatchObject({ name: '各门店订单汇总' });
    const preview = await resultOf(post<OnlineReportPreviewResult>(C.preview.path, { ...EXAMPLE_REPORT, values: { date_from: '2026-01-01' } }));
    expect(preview.fields).toEqual(['store_code', 'store_name', 'order_count', 'deal_amount']);
    expect(preview.rows.map((r) => r.store_code)).toEqual(expect.arrayContaining(['RPA1', 'RPA2']));
    expect(preview.rows.map((r) => r.store_code)).not.toContain('RPB1');
  });

  it('previews with bound parameters; a parameter carrying SQL is only a value', async () => {
    const preview = await resultOf(post<OnlineReportPreviewResult>(C.preview.path, { ...roomsReport('p'), values: { store_code: 'RPA1', min_price: '1100' } }));
    expect(preview.fields).toEqual(['store_code', 'store_name', 'room_no', 'status', 'daily_price']);
    expect(preview.rows).toEqual([{ store_code: 'RPA1', store_name: '报表一店', room_no: '102', status: 'repair', daily_price: '1200.20' }]);

    const attack = await resultOf(post<OnlineReportPreviewResult>(C.preview.path, { ...roomsReport('p'), values: { store_code: "RPA1'; drop table store; --" } }));
    expect(attack.rows).toEqual([]);
    expect(await ctx.db.selectFrom('store').select('id').where('code', '=', 'RPA1').executeTakeFirst()).toBeDefined();
    expect((await post(C.preview.path, { ...roomsReport('p'), values: { min_price: 'abc' } })).body).toMatchObject({ success: false, message: `最低价格${T.badNumber}` });
  });

  it.each([
    ['insert into stores (id) values (gen_random_uuid())', T.singleSelect],
    ["update rooms set status = 'free'", T.singleSelect],
    ['delete from rooms', T.singleSelect],
    ['drop table rooms', T.singleSelect],
    ['truncate rooms', T.singleSelect],
    ['select 1; delete from rooms', T.singleSelect],
    ['with d as (delete from rooms returning *) select * from d', T.noModifyingCte],
    ['select * into report_copy from rooms', T.noSelectInto],
    ['select * from rooms for update', T.noLocking],
    ['select pg_sleep(10)', `${T.functionRefused}：pg_sleep`],
    ["select pg_read_file('/etc/passwd')", `${T.functionRefused}：pg_read_file`],
    [`select set_config('care.company_id', '${MISSING_ID}', true), * from rooms`, `${T.functionRefused}：set_config`],
    ["copy (select 1) to program 'id'", T.singleSelect],
    ['select * from public.sales_order', T.tableRefused],
  ])('refuses %s, in preview and on save', async (sqlText, message) => {
    const preview = await post(C.preview.path, { name: '攻击', sql: sqlText, values: {} });
    expect(preview.body).toMatchObject({ success: false, code: '101', message });
    const add = await post(C.add.path, { code: 'attack_report', name: '攻击', sql: sqlText });
    expect(add.body).toMatchObject({ success: false, message });
  });

  it('answers a query of a base table (not a report view) with a clear text, no SQL', async () => {
    const res = await post(C.preview.path, { name: '基表', sql: 'select * from sales_order', values: {} });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(new RegExp(`^${T.runFailed}`));
    expect(res.body.message).not.toMatch(/select/i);
  });

  describe('the runner itself (the checker bypassed)', () => {
    const runner = (text: string, timeoutMs = 5000) => runReportQuery(ctx.db, { companyId: ctx.companyId, text, values: [], limit: 10, timeoutMs, ...caps });
    const codeOf = async (p: Promise<unknown>) => p.then(() => 'ran', (e: { code?: string }) => e.code);

    it('runs as care_report_reader: a base table is permission denied', async () => {
      expect(await codeOf(runner('select * from public.sales_order'))).toBe('42501');
      expect(await codeOf(runner('select * from public.app_user'))).toBe('42501');
    });
    it('runs in a read-only transaction, as the reader role, on report_api, with the timeout', async () => {
      const r = await runner("select current_user as role, current_setting('transaction_read_only') as ro, current_setting('search_path') as path, current_setting('statement_timeout') as timeout", 1500);
      expect(r.rows).toEqual([{ role: 'care_report_reader', ro: 'on', path: 'report_api', timeout: '1500ms' }]);
    });
    it('caps the rows and says so', async () => {
      const r = await runReportQuery(ctx.db, { companyId: ctx.companyId, text: "select room_no from rooms r join stores s on s.id = r.store_id where s.code like 'RP%'", values: [], limit: 2, timeoutMs: 5000, ...caps });
      expect(r).toMatchObject({ capped: true });
      expect(r.rows).toHaveLength(2);
    });
    it('the views show the run’s company only', async () => {
      const mine = await runReportQuery(ctx.db, { companyId: otherCompanyId, text: 'select code from stores', values: [], limit: 10, timeoutMs: 5000, ...caps });
      expect(mine.rows).toEqual([{ code: 'RPB1' }]);
    });
    it('stops in the database at the first row past a byte cap (a row, the running total)', async () => {
      const run = (text: string, maxBytes: number, maxRowBytes: number) =>
        runReportQuery(ctx.db, { companyId: ctx.companyId, text, values: [], limit: 100, timeoutMs: 5000, maxBytes, maxRowBytes });
      await expect(run(`select ${grow(2)} as blob`, 10_000, 500)).rejects.toMatchObject({ cap: 'row' });
      await expect(run(`select ${grow(1)} as blob from ${digits('a')}`, 500, 500)).rejects.toMatchObject({ cap: 'total' });
      const fits = await run(`select ${grow(1)} as blob from ${digits('a')}`, 2000, 500);
      expect(fits.rows).toHaveLength(10);
      expect(fits.rows[0]).toEqual({ blob: 'x'.repeat(100) });
    });
    it.runIf(process.env.TEST_DB === 'pg')('cuts pg_sleep by the statement timeout (PostgreSQL)', async () => {
      const started = Date.now();
      expect(await codeOf(runner('select pg_sleep(10)', 300))).toBe('57014');
      expect(Date.now() - started).toBeLessThan(5000);
    });
  });

  describe('result size (issue 26)', () => {
    // 20 KB a row (under the row cap), 100 rows in a preview (2 MB … ) — and 200 KB rows.
    const rows20k = `select ${grow(3, 'xx')} as blob, a.n from ${digits('a')}, ${digits('b')}, ${digits('c')}, ${digits('d')}`;
    const rows200k = `select ${grow(4, 'xx')} as blob, a.n from ${digits('a')}, ${digits('b')}`;
    const oneMegabyte = `select ${grow(5)} as blob`;

    it('refuses a preview past the result cap (100 rows of 200 KB: 20 MB) and a single value past the row cap, with a clear text', async () => {
      expect(rows200k.length).toBeLessThan(400);
      for (const [sqlText, message] of [
        [rows200k, T.tooLarge],
        [oneMegabyte, T.rowTooLarge],
      ] as const) {
        const res = await post(C.preview.path, { name: '大结果', sql: sqlText, values: {} });
        expect(res.status).toBeLessThan(500);
        expect(res.body).toMatchObject({ success: false, code: '101', message });
      }
      // A preview of 100 rows of 20 KB (2 MB) is within the caps.
      const fits = await resultOf(post<OnlineReportPreviewResult>(C.preview.path, { name: '大结果', sql: rows20k, values: {} }));
      expect(fits.rows).toHaveLength(100);
    });

    it('refuses a page and an export of 10,000 rows of 20 KB (200 MB), nothing else changed', async () => {
      const report = await resultOf(post<OnlineReport>(C.add.path, { code: 'huge_rows', name: '大报表', sql: rows20k }));
      const P = onlineReportPageContracts(report.code);
      const page = await post(P.getData.path, { pageNo: 1, pageSize: 10, values: {} });
      expect(page.status).toBeLessThan(500);
      expect(page.body).toMatchObject({ success: false, code: '101', message: T.tooLarge });
      const file = await post(P.exportXls.path, { values: {} });
      expect(file.status).toBeLessThan(500);
      expect(file.body).toMatchObject({ success: false, code: '101', message: T.tooLarge });
      expect(await resultOf(post<OnlineReport>(C.queryById.path, { id: report.id }))).toMatchObject({ version: 1 });
      await resultOf(post(C.delete.path, { id: report.id, version: 1 }));
    });
  });

  describe('a heavy report never stops the product (issue 26)', () => {
    const pg = process.env.TEST_DB === 'pg';
    // A cross join counting 10^8 rows: allowed SQL, seconds of work (about 25 s on PGlite).
    const heavy = `select count(*) as n from ${'abcdefgh'.split('').map(digits).join(', ')}`;
    /**
     * /online/health asked every 100 ms while `attempt` runs: its slowest answer, counted from when it
     * was due (as a client outside sees it: a blocked event loop delays the asking too).
     */
    const healthDuring = async <T>(attempt: Promise<T>) => {
      let done = false;
      const result = attempt.finally(() => (done = true));
      let slowest = 0;
      do {
        const due = Date.now() + 100;
        await new Promise((r) => setTimeout(r, 100));
        const res = await ctx.t.app.inject({ method: 'GET', url: '/online/health' });
        expect(res.statusCode).toBe(200);
        slowest = Math.max(slowest, Date.now() - due);
      } while (!done);
      return { res: await result, slowest };
    };

    it(pg ? 'cuts it at the time-out (PostgreSQL), /online/health answering meanwhile' : 'refuses it before it runs (PGlite cannot stop a statement), /online/health answering meanwhile', async () => {
      process.env.REPORT_TIMEOUT_MS = '1000';
      try {
        const report = await resultOf(post<OnlineReport>(C.add.path, { code: 'heavy_join', name: '重报表', sql: heavy }));
        for (const attempt of [
          () => post(C.preview.path, { name: '重报表', sql: heavy, values: {} }),
          () => post(onlineReportPageContracts(report.code).getData.path, { pageNo: 1, pageSize: 10, values: {} }),
        ]) {
          const started = Date.now();
          const { res, slowest } = await healthDuring(attempt());
          expect(slowest).toBeLessThan(1000);
          expect(res.status).toBeLessThan(500);
          expect(res.body).toMatchObject({ success: false, code: '101', message: pg ? T.timeout : T.tooHeavy });
          expect(Date.now() - started).toBeLessThan(pg ? 4000 : 1000);
        }
        // The example report (a join of stores and orders) still runs.
        expect((await post(C.preview.path, { ...EXAMPLE_REPORT, values: { date_from: '2026-01-01' } })).body).toMatchObject({ success: true });
        await resultOf(post(C.delete.path, { id: report.id, version: 1 }));
      } finally {
        delete process.env.REPORT_TIMEOUT_MS;
      }
    });
  });

  describe('a report’s page', () => {
    let report: OnlineReport;
    const P = () => onlineReportPageContracts(report.code);

    beforeAll(async () => {
      report = await resultOf(post<OnlineReport>(C.add.path, roomsReport('room_prices')));
    });

    it('generates its menu entry with the buttons 查看 and 导出', async () => {
      const withMenu = await resultOf(post<OnlineReport>(C.genMenu.path, { id: report.id }));
      expect(withMenu.menuPath).toBe(onlineReportMenuPath('room_prices'));
      expect(await buttonActionsOf(ctx.db, '/online/cgreportList/room_prices')).toEqual([onlineReportAction('room_prices', 'export'), onlineReportAction('room_prices', 'view')]);
      const entry = await ctx.db.selectFrom('sys_permission').select(['name', 'component']).where('path', '=', '/online/cgreportList/room_prices').executeTakeFirstOrThrow();
      expect(entry).toEqual({ name: '房间价格', component: 'online/OnlineReportPage' });
    });

    it('pages the rows with bound parameters, translates dictionary columns, and totals equal the records', async () => {
      const { token } = await signedInUser(ctx.t, 'report_viewer', { actions: [onlineReportAction('room_prices', 'view')] });
      const config = await resultOf(post<OnlineReportPageConfig>(P().config.path, {}, token));
      expect(config).toMatchObject({ code: 'room_prices', actions: ['view'] });
      expect(config).not.toHaveProperty('sql');

      const all = await resultOf(post<OnlineReportData>(P().getData.path, { pageNo: 1, pageSize: 2, values: {} }, token));
      expect(all).toMatchObject({ total: 3, pages: 2, capped: false, totals: { daily_price: '3000.35' } });
      expect(all.records).toEqual([
        { store_code: 'RPA1', store_name: '报表一店', room_no: '101', status: '空闲', daily_price: '1000.10' },
        { store_code: 'RPA1', store_name: '报表一店', room_no: '102', status: '维修', daily_price: '1200.20' },
      ]);
      const second = await resultOf(post<OnlineReportData>(P().getData.path, { pageNo: 2, pageSize: 2, values: {} }, token));
      expect(second.records.map((r) => r.room_no)).toEqual(['201']);
      // Another company's room (99999.99) is in no page and no total.
      expect([...all.records, ...second.records].map((r) => r.store_code)).not.toContain('RPB1');

      const filtered = await resultOf(post<OnlineReportData>(P().getData.path, { pageNo: 1, pageSize: 10, values: { store_code: 'RPA1', min_price: 1100 } }, token));
      expect(filtered.records.map((r) => r.room_no)).toEqual(['102']);
      expect(filtered.totals).toEqual({ daily_price: '1200.20' });

      // The viewer may not export, nor reach the configuration.
      expect((await exportXlsx(ctx.t, P().exportXls.path, {}, token)).status).toBe(403);
      expect((await post(C.list.path, {}, token)).status).toBe(403);
    });

    it('exports the export columns, translated, for a holder of 导出', async () => {
      const { token } = await signedInUser(ctx.t, 'report_exporter', { actions: [onlineReportAction('room_prices', 'view'), onlineReportAction('room_prices', 'export')] });
      expect((await resultOf(post<OnlineReportPageConfig>(P().config.path, {}, token))).actions).toEqual(['view', 'export']);
      const file = await exportXlsx(ctx.t, P().exportXls.path, { values: { store_code: 'RPA2' } }, token);
      expect(file.status).toBe(200);
      expect(file.rows).toEqual([
        ['门店', '房号', '房态', '日价'],
        ['报表二店', '201', '空闲', '800.05'],
      ]);
    });

    it('refuses a user without the report’s actions (403), and an unknown report', async () => {
      const { token } = await signedInUser(ctx.t, 'report_nobody', { actions: [OnlineReportPermission.onlineReportList] });
      for (const path of [P().config.path, P().getData.path]) {
        const res = await post(path, { pageNo: 1, pageSize: 10, values: {} }, token);
        expect(res.status, path).toBe(403);
      }
      expect((await post(onlineReportPageContracts('no_such_report').getData.path, { values: {} })).body).toMatchObject({ success: false });
    });

    it('deleting the report removes its menu entry and buttons', async () => {
      const current = await resultOf(post<OnlineReport>(C.queryById.path, { id: report.id }));
      await resultOf(post(C.delete.path, { id: report.id, version: current.version }));
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('path', '=', '/online/cgreportList/room_prices').executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('action', '=', onlineReportAction('room_prices', 'view')).executeTakeFirst()).toBeUndefined();
    });
  });

  it('refuses the configuration routes to a user without their actions', async () => {
    const { token } = await signedInUser(ctx.t, 'report_none');
    for (const contract of [C.list, C.queryById, C.add, C.edit, C.delete, C.preview, C.genMenu]) {
      const res = await post(contract.path, { id: MISSING_ID }, token);
      expect(res.status, contract.path).toBe(403);
    }
  });
});
