import { beforeAll, describe, expect, it } from 'vitest';
import { Permission, type LoginLog, type PageResult, type VisitLog } from '@care/shared';
import { createUserWith } from '../../test/test-users.js';
import { signedInUser, useAdminApp } from '../../test/fixtures.js';
import { loadWorkbook } from '../../test/xlsx.js';

describe('用户登录列表 and 访问日志', () => {
  const ctx = useAdminApp();
  beforeAll(async () => {
    await ctx.t.post('/online/user/getCodeLogin', { username: 'admin', password: 'wrong-password' });
    // Somebody in another company: their records never show here.
    const other = await ctx.db.insertInto('company').values({ code: 'OTHER', name: '别家会所' }).returning('id').executeTakeFirstOrThrow();
    const { userId } = await createUserWith(ctx.db, { username: 'outsider' });
    await ctx.db.deleteFrom('user_company').where('user_id', '=', userId).execute();
    await ctx.db.insertInto('user_company').values({ user_id: userId, company_id: other.id, is_default: true }).execute();
    await ctx.db.insertInto('login_log').values({ username: 'outsider', user_id: userId, method: 'password', ip: '10.0.0.9', user_agent: null, success: true, message: '登录成功' }).execute();
    await ctx.t.post('/online/api/getUserPermissionByToken', {}, { token: ctx.admin });
    await ctx.t.get('/online/api/getTxUserInfo', {}, { token: ctx.admin });
    await ctx.t.visits.flush();
  });

  it('lists the company\'s sign-in attempts, newest first, with filters', async () => {
    const all = await ctx.t.post<PageResult<LoginLog>>('/online/loginLog/list', { pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(all.body.code).toBe('0');
    expect(all.body.result.records.map((r) => [r.username, r.success])).toEqual([
      ['admin', false],
      ['admin', true],
    ]);
    expect(all.body.result.records[0]).toMatchObject({ method: 'password', ip: '127.0.0.1', message: '用户名或密码错误' });
    expect(all.body.result.records[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const failed = await ctx.t.post<PageResult<LoginLog>>('/online/loginLog/list', { pageNo: 1, pageSize: 10, success: false }, { token: ctx.admin });
    expect(failed.body.result.total).toBe(1);
    const none = await ctx.t.post<PageResult<LoginLog>>('/online/loginLog/list', { pageNo: 1, pageSize: 10, from: '2099-01-01' }, { token: ctx.admin });
    expect(none.body.result.records).toEqual([]);
  });

  it('lists the visit log with who, path, duration and code, filtered by path', async () => {
    const res = await ctx.t.post<PageResult<VisitLog>>('/online/visitLog/list', { pageNo: 1, pageSize: 50, path: '/online/api/' }, { token: ctx.admin });
    expect(res.body.code).toBe('0');
    const paths = res.body.result.records.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/online/api/getUserPermissionByToken', '/online/api/getTxUserInfo']));
    for (const r of res.body.result.records) expect(r).toMatchObject({ username: 'admin', code: '0' });
  });

  it('filters and sort keys stay data: quotes and SQL never reach the query as text', async () => {
    for (const username of ["admin' or '1'='1", "%' union select 1 --", '_']) {
      const res = await ctx.t.post<PageResult<LoginLog>>('/online/loginLog/list', { pageNo: 1, pageSize: 10, username }, { token: ctx.admin });
      expect(res.body).toMatchObject({ code: '0', result: { total: 0, records: [] } });
    }
    const sortedByUnknown = await ctx.t.post<PageResult<LoginLog>>('/online/loginLog/list', { pageNo: 1, pageSize: 10, column: 'password_hash; drop table app_user', order: 'asc' }, { token: ctx.admin });
    expect(sortedByUnknown.body.code).toBe('0');
    expect(await ctx.db.selectFrom('app_user').select('id').execute()).not.toEqual([]);
  });

  it('exports the filtered list as .xlsx with Chinese headers', async () => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/online/loginLog/exportXls', payload: ctx.t.signed({ pageNo: 1, pageSize: 10 }, { token: ctx.admin }), headers: { 'x-access-token': ctx.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    const workbook = await loadWorkbook(res.rawPayload);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '用户名', '登录方式', 'IP 地址', '客户端', '结果', '说明', '时间']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(5).value).toBe('失败');
  });

  it('exports a formula-looking value as text', async () => {
    await ctx.db.updateTable('login_log').set({ message: "=cmd|' /C calc'!A0" }).where('success', '=', false).execute();
    const res = await ctx.t.app.inject({ method: 'POST', url: '/online/loginLog/exportXls', payload: ctx.t.signed({ pageNo: 1, pageSize: 10, success: false }, { token: ctx.admin }), headers: { 'x-access-token': ctx.admin } });
    const workbook = await loadWorkbook(res.rawPayload);
    const cell = workbook.worksheets[0]!.getRow(2).getCell(6);
    expect(cell.value).toBe("'=cmd|' /C calc'!A0");
    expect(cell.formula).toBeUndefined();
  });

  it('each route needs its action', async () => {
    const { token: reader } = await signedInUser(ctx.t, 'log_reader', { actions: [Permission.loginLogList, Permission.visitLogList] });
    expect((await ctx.t.post('/online/loginLog/list', { pageNo: 1, pageSize: 10 }, { token: reader })).body.code).toBe('0');
    expect((await ctx.t.post('/online/visitLog/list', { pageNo: 1, pageSize: 10 }, { token: reader })).body.code).toBe('0');
    for (const url of ['/online/loginLog/exportXls', '/online/visitLog/exportXls']) {
      const res = await ctx.t.post(url, { pageNo: 1, pageSize: 10 }, { token: reader });
      expect(res.body).toMatchObject({ code: '403' });
    }
    const { token: nobody } = await signedInUser(ctx.t, 'nobody_logs');
    expect((await ctx.t.post('/online/visitLog/list', { pageNo: 1, pageSize: 10 }, { token: nobody })).body.code).toBe('403');
  });
});
