import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

async function sheetOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
}

// 导出用户 (system:user:export): the list's filters, the caller's data rules, text cells escaped.
describe('user export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const exportAs = (token: string, filters: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/online/adminUser/exportXls', payload: t.signed(filters, { token }), headers: { 'x-access-token': token } });

  it('exports the users the filters match, with Chinese headers', async () => {
    const admin = await t.login();
    const res = await exportAs(admin, { username: 'nanshan.sales' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''%E7%94%A8%E6%88%B7\d{8}\.xlsx$/);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['用户账号', '用户姓名', '性别', '手机号', '邮箱', '部门', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(['nanshan.sales1', 'nanshan.sales2']);
  });

  it('keeps a 店长 to the users of their store, and refuses those without the action', async () => {
    const manager = await t.login('nanshan.manager');
    // The 店长's role reads users but was not given 导出用户.
    expect((await exportAs(manager, {})).statusCode).toBe(403);
    const groups = await t.ctx.database.db.selectFrom('security_group').select('id').where('name', '=', '店长').execute();
    const action = await t.ctx.database.db.selectFrom('sys_permission').select('id').where('action', '=', 'system:user:export').executeTakeFirstOrThrow();
    await t.ctx.database.db.insertInto('security_group_permission').values(groups.map((g) => ({ group_id: g.id, permission_id: action.id }))).execute();
    const again = await t.login('nanshan.manager');
    const res = await exportAs(again, {});
    expect(res.statusCode).toBe(200);
    const accounts = (await sheetOf(res.rawPayload)).slice(1).map((r) => String(r[0]));
    expect(accounts).toContain('nanshan.sales1');
    expect(accounts.filter((a) => a.startsWith('futian.'))).toEqual([]);
  });
});
