import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_COLUMNS, LeadText, Permission, type CrmOption, type Lead, type LeadImportProgress, type LeadImportStart } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { LeadImportRunner } from './lead-import.service.js';
import { signedGet, postMultipart } from '../../test/fixtures.js';
import { XLSX_TYPE, loadWorkbook, readXlsx, writeXlsx } from '../../test/xlsx.js';

const HEADERS = LEAD_IMPORT_COLUMNS.map((c) => (c.required ? `${c.label}*` : c.label));
type Key = (typeof LEAD_IMPORT_COLUMNS)[number]['key'];
const cells = (v: Partial<Record<Key, unknown>>) => LEAD_IMPORT_COLUMNS.map((c) => v[c.key] ?? null);

const xlsx = (rows: unknown[][], headers: string[] = HEADERS) => writeXlsx(rows, headers, '线索');

describe('lead import (Excel, as a job with per-row errors)', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const token: Record<string, string> = {};
  const userId: Record<string, string> = {};

  const upload = (who: string, name: string, data: Buffer) =>
    postMultipart<LeadImportStart>(t, '/online/lead/importExcel', { token: token[who], file: { name, data, type: XLSX_TYPE } });
  const progress = (who: string, jobId: string) => t.post<LeadImportProgress>('/online/lead/importProgress', { jobId }, { token: token[who] });
  async function finished(who: string, jobId: string): Promise<LeadImportProgress> {
    for (let i = 0; i < 600; i++) {
      const res = await progress(who, jobId);
      expect(res.body.code).toBe('0');
      if (res.body.result.status !== 'running') return res.body.result;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('import did not finish');
  }
  const download = (who: string, url: string) => signedGet(t, url, token[who]!);
  const leadsWithPhones = (phones: string[]) =>
    db.selectFrom('lead').select(['id', 'lead_no', 'name', 'phone', 'owner_id', 'lead_channel_id', 'channel_id', 'preferred_store_id', 'intention_grade', 'due_date', 'budget', 'gestation_weeks', 'parity', 'status', 'created_by']).where('phone', 'in', phones).execute();
  const jobCount = async () => Number((await db.selectFrom('import_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  let nanshan: string;
  let leadChannelId: string;
  let channelId: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    token.admin = await t.login();
    userId.admin = (await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    for (const name of ['nanshan.sales1', 'nanshan.manager']) {
      token[name] = await t.login(name, t.config.adminPassword);
      userId[name] = (await db.selectFrom('app_user').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    for (const name of ['import_user', 'import_other']) {
      userId[name] = (await createUserWith(db, { username: name, actions: [Permission.leadImport] })).userId;
      token[name] = await t.login(name, TEST_PASSWORD);
    }
    // A user of no company: never an owner.
    userId.outsider = (await createUserWith(db, { username: 'import_outsider' })).userId;
    await db.deleteFrom('user_company').where('user_id', '=', userId.outsider).execute();
    await db.updateTable('app_user').set({ status: 'disabled' }).where('username', '=', 'nanshan.sales2').execute();
    nanshan = (await t.post<CrmOption[]>('/online/store/options', {}, { token: token.admin })).body.result.find((s) => s.code === 'NS')!.id;
    leadChannelId = (await t.post<{ id: string }>('/online/leadChannel/add', { code: 'IMPTEST', name: '导入测试渠道', type: 'online' }, { token: token.admin })).body.result.id;
    channelId = (await t.post<{ id: string }>('/online/channel/add', { name: '导入测试医院', kind: 'hospital' }, { token: token.admin })).body.result.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('serves the template: the Chinese header row, an example row and a 填写说明 sheet', async () => {
    const res = await download('admin', '/online/lead/importTemplate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('线索导入模板.xlsx'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['客户姓名*', '手机号*', '微信', '线索渠道', '合作渠道', '推荐人', '预产期', '孕周', '胎次', '意向门店', '预算', '意向等级', '负责人', '备注']);
    expect(rows[1]?.[0]).toBe('张小雨');
    const book = await loadWorkbook(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['线索', '填写说明']);
    // The untouched template itself has nothing to import.
    expect((await upload('admin', '线索导入模板.xlsx', res.rawPayload)).body).toMatchObject({ code: '101', message: '文件中没有可导入的数据行' });
  });

  it('imports the good rows, reports every bad row with its row number and reason, and writes nothing of a bad row', async () => {
    const existing = (await t.post<Lead>('/online/lead/add', { name: '已有客户', phone: '19920000100' }, { token: token['nanshan.sales1'] })).body.result;
    // A row the database refuses after its number was drawn: its transaction must leave nothing behind.
    await sql`alter table lead add constraint import_test_refuse check (name <> '回滚测试')`.execute(db);
    const file = await xlsx([
      cells({ name: '王一', phone: '19920000001', wechat: 'wangyi', leadChannel: '导入测试渠道', channel: '导入测试医院', referrer: '李女士', dueDate: new Date(Date.UTC(2026, 8, 1)), gestationWeeks: 28, parity: 1, preferredStore: 'NS', budget: 38000.5, intentionGrade: 'A级', owner: 'nanshan.sales1', remark: '朋友介绍' }),
      cells({ phone: '19920000003' }),
      cells({ name: '=HYPERLINK("http://x","点我")', phone: '1992000' }),
      cells({ name: '撞号', phone: '19920000100' }),
      cells({ name: '回滚测试', phone: '19920000009' }),
      cells({ name: '王二', phone: '19920000002', leadChannel: 'imptest', preferredStore: '南山店', intentionGrade: 'b' }),
      cells({ name: '文件内重复', phone: '199 2000 0002' }),
      cells({ name: '未知渠道', phone: '19920000004', leadChannel: '不存在渠道' }),
      cells({ name: '未知门店', phone: '19920000005', preferredStore: '不存在门店' }),
      cells({ name: '未知负责人', phone: '19920000006', owner: 'ghost.user' }),
      cells({ name: '停用负责人', phone: '19920000007', owner: 'nanshan.sales2' }),
      cells({ name: '外部负责人', phone: '19920000008', owner: 'import_outsider' }),
      cells({ name: '坏日期', phone: '19920000010', dueDate: '2026-13-01' }),
    ]);
    const start = await upload('admin', '线索.xlsx', file);
    expect(start.body).toMatchObject({ code: '0', success: true, result: { total: 13 } });
    const done = await finished('admin', start.body.result.jobId);
    await sql`alter table lead drop constraint import_test_refuse`.execute(db);

    expect(done).toMatchObject({ status: 'done', statusText: '已完成', fileName: '线索.xlsx', total: 13, processed: 13, succeeded: 2, failed: 11, message: null });
    expect(done.finishedAt).not.toBeNull();
    expect(done.errors).toEqual([
      { row: 3, field: '客户姓名', message: '请填写客户姓名' },
      { row: 4, field: '手机号', message: '请输入正确的手机号!' },
      { row: 5, field: '手机号', message: `手机号已存在未关闭的线索：${existing.leadNo}（已有客户），负责人：李晓梅` },
      { row: 6, field: '', message: '该行保存失败，请稍后重新导入' },
      { row: 8, field: '手机号', message: '手机号与第7行重复' },
      { row: 9, field: '线索渠道', message: '线索渠道「不存在渠道」不存在或已停用' },
      { row: 10, field: '意向门店', message: '意向门店「不存在门店」不存在或已停用' },
      { row: 11, field: '负责人', message: '负责人「ghost.user」不是本公司的在职用户' },
      { row: 12, field: '负责人', message: '负责人「nanshan.sales2」不是本公司的在职用户' },
      { row: 13, field: '负责人', message: '负责人「import_outsider」不是本公司的在职用户' },
      { row: 14, field: '预产期', message: '预产期不正确，应为日期，如2026-09-01' },
    ]);

    const imported = await leadsWithPhones(['19920000001', '19920000002']);
    const one = imported.find((l) => l.phone === '19920000001')!;
    const two = imported.find((l) => l.phone === '19920000002')!;
    expect(one).toMatchObject({ name: '王一', owner_id: userId['nanshan.sales1'], lead_channel_id: leadChannelId, channel_id: channelId, preferred_store_id: nanshan, intention_grade: 'A', due_date: '2026-09-01', budget: '38000.50', gestation_weeks: 28, parity: 1, status: 'pending', created_by: userId.admin });
    // No owner given: the importer's.
    expect(two).toMatchObject({ name: '王二', owner_id: userId.admin, lead_channel_id: leadChannelId, preferred_store_id: nanshan, intention_grade: 'B' });
    // Numbered by the rule; the refused row between them drew a number and gave it back.
    expect(one.lead_no).toMatch(/^XS\d{12}$/);
    expect(Number(two.lead_no.slice(-4))).toBe(Number(one.lead_no.slice(-4)) + 1);
    // Nothing of a bad row: no lead with their phones, the holder of the taken phone unchanged.
    const badPhones = ['19920000003', '1992000', '19920000009', '19920000004', '19920000005', '19920000006', '19920000007', '19920000008', '19920000010'];
    expect(await leadsWithPhones(badPhones)).toEqual([]);
    expect((await leadsWithPhones(['19920000100'])).map((l) => l.name)).toEqual(['已有客户']);
    // The imported leads are ordinary leads: the owner sees them in the list.
    const listed = (await t.post<{ records: Lead[] }>('/online/lead/list', { phone: '1992000000' }, { token: token['nanshan.sales1'] })).body.result.records;
    expect(listed.map((l) => l.name)).toContain('王一');

    // The error report: the bad rows with their cells as read, 原行号 and 错误原因; formulas escaped.
    const report = await download('admin', `/online/lead/importErrors/${done.jobId}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(report.rawPayload);
    expect(rows[0]).toEqual([...HEADERS, '原行号', '错误原因']);
    expect(rows).toHaveLength(12);
    expect(rows.slice(1).map((r) => r[14])).toEqual(['3', '4', '5', '6', '8', '9', '10', '11', '12', '13', '14']);
    expect(rows[2]![0]).toBe(`'=HYPERLINK("http://x","点我")`);
    expect(rows[2]![15]).toBe('手机号：请输入正确的手机号!');
    expect(rows[5]![1]).toBe('199 2000 0002');
    expect(rows[5]![15]).toBe('手机号：手机号与第7行重复');
    expect(rows[11]![6]).toBe('2026-13-01');
  });

  it('the error report, fixed, imports again as it is', async () => {
    const start = await upload('admin', 'a.xlsx', await xlsx([cells({ name: '改后再导', phone: '1992000002' })]));
    const failed = await finished('admin', start.body.result.jobId);
    expect(failed).toMatchObject({ succeeded: 0, failed: 1 });
    const report = await readXlsx((await download('admin', `/online/lead/importErrors/${failed.jobId}`)).rawPayload);
    report[1]![1] = '19920000020';
    const again = await upload('admin', '错误报告.xlsx', await xlsx(report.slice(1), report[0]));
    expect(await finished('admin', again.body.result.jobId)).toMatchObject({ status: 'done', succeeded: 1, failed: 0, errors: [] });
    expect((await leadsWithPhones(['19920000020'])).map((l) => l.name)).toEqual(['改后再导']);
  });

  it('refuses a file that is not an xlsx, a wrong header, no rows or too many rows — with a 101 message and no job', async () => {
    const before = await jobCount();
    const csv = await upload('admin', 'leads.xlsx', Buffer.from('客户姓名,手机号\n王,19920000030\n'));
    expect(csv.body).toMatchObject({ success: false, code: '101', message: '请上传.xlsx格式的Excel文件（可先下载导入模板）' });
    const xls = await upload('admin', 'leads.xls', await xlsx([cells({ name: '王', phone: '19920000030' })]));
    expect(xls.body.message).toBe('请上传.xlsx格式的Excel文件（可先下载导入模板）');
    const header = await upload('admin', 'leads.xlsx', await xlsx([['王', '19920000030']], ['姓名', '电话']));
    expect(header.body).toMatchObject({ code: '101', message: '模板表头不正确：第1列应为「客户姓名*」，实际为「姓名」，请下载最新导入模板' });
    const empty = await upload('admin', 'leads.xlsx', await xlsx([]));
    expect(empty.body).toMatchObject({ code: '101', message: '文件中没有可导入的数据行' });
    const many = Array.from({ length: 5001 }, (_, i) => cells({ name: `客户${i}`, phone: String(19930000000 + i) }));
    const tooMany = await upload('admin', 'leads.xlsx', await xlsx(many));
    expect(tooMany.body).toMatchObject({ code: '101', message: '单次最多导入5000行，当前文件有5001行，请拆分后再导入' });
    // A signed call whose form holds no file.
    const noFile = await postMultipart(t, '/online/lead/importExcel', { token: token.admin });
    expect(noFile.body).toMatchObject({ code: '101', message: '请上传.xlsx格式的Excel文件（可先下载导入模板）' });
    expect(await jobCount()).toBe(before);
    expect(await leadsWithPhones(['19920000030', '19930000000'])).toEqual([]);
  }, 60_000);

  it('only the job\'s creator (or a whole-company user) reads its progress and error report', async () => {
    const start = await upload('import_user', 'mine.xlsx', await xlsx([cells({ name: '本人导入', phone: '19920000040' }), cells({ name: '错行', phone: 'x' })]));
    const jobId = start.body.result.jobId;
    const mine = await finished('import_user', jobId);
    expect(mine).toMatchObject({ status: 'done', succeeded: 1, failed: 1 });
    // The importer owns what they imported without naming an owner.
    expect((await leadsWithPhones(['19920000040']))[0]?.owner_id).toBe(userId.import_user);
    expect((await download('import_user', `/online/lead/importErrors/${jobId}`)).statusCode).toBe(200);

    expect((await progress('import_other', jobId)).body).toMatchObject({ code: '404', success: false });
    expect((await download('import_other', `/online/lead/importErrors/${jobId}`)).json()).toMatchObject({ code: '404' });
    expect((await progress('import_other', '00000000-0000-4000-8000-000000000000')).body.code).toBe('404');
    expect((await download('import_other', '/online/lead/importErrors/not-a-uuid')).json()).toMatchObject({ code: '404' });
    // 超级管理员 sees the company's data, jobs included.
    expect((await progress('admin', jobId)).body.result).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it('a duplicate phone names the holding lead only when the importer\'s data rules reach it', async () => {
    const hidden = (await t.post<Lead>('/online/lead/add', { name: '别人的线索', phone: '19920000300' }, { token: token['nanshan.sales1'] })).body.result;
    // import_user holds the import alone: no lead rules of theirs reach a lead of nanshan.sales1.
    const start = await upload('import_user', 'dup.xlsx', await xlsx([cells({ name: '撞号', phone: '19920000300' })]));
    const done = await finished('import_user', start.body.result.jobId);
    expect(done.errors).toEqual([{ row: 2, field: '手机号', message: LeadText.duplicatePhoneHidden }]);
    // The administrator, whose rules reach it, is told which lead holds the phone.
    const admin = await finished('admin', (await upload('admin', 'dup.xlsx', await xlsx([cells({ name: '撞号', phone: '19920000300' })]))).body.result.jobId);
    expect(admin.errors[0]?.message).toBe(`手机号已存在未关闭的线索：${hidden.leadNo}（别人的线索），负责人：李晓梅`);
  });

  it('a job left running by a stopped server is reported failed, not 进行中 forever', async () => {
    const companyId = (await db.selectFrom('company').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = await db
      .insertInto('import_job')
      .values({ company_id: companyId, kind: 'lead', file_name: 'x.xlsx', total: 100, processed: 40, succeeded: 40, created_by: userId.admin!, created_at: old, updated_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fresh = await db
      .insertInto('import_job')
      .values({ company_id: companyId, kind: 'lead', file_name: 'y.xlsx', total: 100, created_by: userId.admin! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = (await progress('admin', stale.id)).body.result;
    expect(res).toMatchObject({ status: 'failed', statusText: '失败', processed: 40, succeeded: 40, message: '导入中断（服务重启或停止），已处理的行保留，其余行未导入' });
    // A job with a recent heartbeat is still running.
    expect((await progress('admin', fresh.id)).body.result).toMatchObject({ status: 'running', statusText: '进行中' });
    // The start-up sweep does the same for every stale job, and leaves live ones alone.
    const another = await db
      .insertInto('import_job')
      .values({ company_id: companyId, kind: 'lead', file_name: 'z.xlsx', total: 10, created_by: userId.admin!, created_at: old, updated_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await new LeadImportRunner({ db, log: t.ctx.log }).failStale()).toBe(1);
    const states = await db.selectFrom('import_job').select(['id', 'status', 'finished_at']).where('id', 'in', [another.id, fresh.id]).execute();
    expect(states.find((j) => j.id === another.id)).toMatchObject({ status: 'failed' });
    expect(states.find((j) => j.id === another.id)?.finished_at).not.toBeNull();
    expect(states.find((j) => j.id === fresh.id)).toMatchObject({ status: 'running', finished_at: null });
    await db.deleteFrom('import_job').where('id', '=', fresh.id).execute();
  });

  it('a server that stops ends its running import between two rows: failed, the written rows counted and kept', async () => {
    const companyId = (await db.selectFrom('company').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;
    const runner = new LeadImportRunner({ db, log: t.ctx.log });
    const session = { sessionId: 'test', userId: userId.admin!, username: 'admin', companyId, departmentId: null };
    const phones = Array.from({ length: 1000 }, (_, i) => String(19940000000 + i));
    const file = await xlsx(phones.map((phone, i) => cells({ name: `停机${i}`, phone })));
    const { jobId } = await runner.start(session, { filename: 'big.xlsx', data: file });
    const job = () => db.selectFrom('import_job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    while ((await job()).processed < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.close();
    const stopped = await job();
    expect(stopped).toMatchObject({ status: 'failed', message: '导入中断（服务重启或停止），已处理的行保留，其余行未导入', failed: 0 });
    expect(stopped.processed).toBeLessThan(1000);
    expect(stopped.succeeded).toBe(stopped.processed);
    expect(await leadsWithPhones(phones)).toHaveLength(stopped.succeeded);
  });

  it('answers 403 on every import route without crm:lead:import', async () => {
    await createUserWith(db, { username: 'import_nobody', paths: ['/crm/lead'], actions: [Permission.leadList, Permission.leadAdd] });
    token.nobody = await t.login('import_nobody', TEST_PASSWORD);
    expect((await download('nobody', '/online/lead/importTemplate')).json()).toMatchObject({ code: '403' });
    expect((await upload('nobody', 'a.xlsx', await xlsx([cells({ name: '王', phone: '19920000050' })]))).body).toMatchObject({ code: '403' });
    expect((await progress('nobody', '00000000-0000-4000-8000-000000000000')).body.code).toBe('403');
    expect((await download('nobody', '/online/lead/importErrors/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: '403' });
    expect(await leadsWithPhones(['19920000050'])).toEqual([]);
    // The demo 销售顾问 does not hold it; the demo 店长 does (an unknown job is simply not found).
    expect((await progress('nanshan.sales1', '00000000-0000-4000-8000-000000000000')).body.code).toBe('403');
    expect((await progress('nanshan.manager', '00000000-0000-4000-8000-000000000000')).body.code).toBe('404');
  });
});
