import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { pruneLogs } from './visit-log.js';

describe('visit log and login list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BENCH_BARE_ROUTE: 'on' } });
  });
  afterAll(() => t?.close());

  const visits = () => t.ctx.database.db.selectFrom('visit_log').selectAll().orderBy('id').execute();

  it('records a sign-in in the login list and three API calls in the visit log, with who, where, how long and the code', async () => {
    const token = await t.login();
    await t.post('/online/api/getUserPermissionByToken', {}, { token });
    await t.get('/online/api/getTxUserInfo', {}, { token });
    await t.post('/online/api/getSystemConfig');
    await t.app.inject({ method: 'GET', url: '/app/some/page' }); // SPA files are not API calls
    await t.visits.flush();

    const login = await t.ctx.database.db.selectFrom('login_log').selectAll().where('success', '=', true).execute();
    expect(login).toHaveLength(1);
    expect(login[0]).toMatchObject({ username: 'admin', method: 'password', ip: '127.0.0.1' });

    const rows = await visits();
    expect(rows.map((r) => [r.method, r.path, r.code, r.username])).toEqual([
      ['POST', '/online/user/getCodeLogin', '0', null],
      ['POST', '/online/api/getUserPermissionByToken', '0', 'admin'],
      ['GET', '/online/api/getTxUserInfo', '0', 'admin'],
      ['POST', '/online/api/getSystemConfig', '0', null],
    ]);
    for (const r of rows) {
      expect(r.ip).toBe('127.0.0.1');
      expect(r.duration_ms).toBeGreaterThanOrEqual(0);
      expect(r.created_at).toBeInstanceOf(Date);
    }
    expect(rows[1]!.user_id).toBeTruthy();
  });

  it('records the code a refused call answered', async () => {
    await t.app.inject({ method: 'POST', url: '/online/api/getSystemConfig', payload: {} });
    await t.post('/online/api/getUserPermissionByToken');
    await t.visits.flush();
    const last = (await visits()).slice(-2);
    expect(last.map((r) => [r.code, r.http_status])).toEqual([
      ['101', 401],
      ['302', 401],
    ]);
  });

  it('writes no row for the bench twin that opts out, and one for its logged sibling', async () => {
    const before = (await visits()).length;
    await t.app.inject({ method: 'GET', url: '/bench/bare-unlogged' });
    await t.app.inject({ method: 'GET', url: '/bench/bare' });
    await t.visits.flush();
    expect((await visits()).slice(before).map((r) => r.path)).toEqual(['/bench/bare']);
  });

  it('keeps rows for the retention period only', async () => {
    await sql`update visit_log set created_at = now() - interval '200 days' where path = '/online/user/getCodeLogin'`.execute(t.ctx.database.db);
    await sql`update login_log set created_at = now() - interval '200 days'`.execute(t.ctx.database.db);
    await pruneLogs(t.ctx.database.db, 180);
    expect((await visits()).map((r) => r.path)).not.toContain('/online/user/getCodeLogin');
    expect(await t.ctx.database.db.selectFrom('login_log').select('id').execute()).toEqual([]);
    expect((await visits()).length).toBeGreaterThan(0);
  });
});
