import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNonce, NONCE_WINDOW_MS, signFields } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A write route, so "nothing done" is checked against a real side effect.
const WRITE = '/online/test/write';

describe('request signature and nonce', () => {
  let t: TestApp;
  const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from sig_probe`.execute(t.ctx.database.db)).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) =>
        app.post(WRITE, { config: { access: 'public' } }, async (request) => {
          await sql`insert into sig_probe (v) values (${String((request.body as { v?: string }).v)})`.execute(t.ctx.database.db);
          return { success: true, message: 'ok', result: null, code: '0' };
        }),
    });
    await sql`create table sig_probe (v text)`.execute(t.ctx.database.db);
  });
  afterAll(() => t?.close());

  const signAs = (fields: Record<string, unknown>) => {
    const all = { ...fields, nonce: makeNonce() };
    return { ...all, sign: signFields(all, t.config.appSecret) };
  };
  const raw = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: WRITE, payload });

  it('accepts a correctly signed call and answers the system config', async () => {
    const res = await t.post('/online/api/getSystemConfig');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: '0', result: { loginSystemName: '悦享月子会所管理系统', modeType: 'hospital' } });
  });

  it('a signed write happens once', async () => {
    const before = await count();
    expect((await raw(t.signed({ v: 'ok' }))).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  const refused: Array<[string, () => Record<string, unknown>]> = [
    ['unsigned', () => ({ v: 'x', appId: t.config.appId, siteId: t.config.siteId, nonce: makeNonce() })],
    ['no fields at all', () => ({})],
    ['wrong sign', () => ({ ...t.signed({ v: 'x' }), sign: 'A'.repeat(64) })],
    ['sign of another length', () => ({ ...t.signed({ v: 'x' }), sign: 'ABC' })],
    ['lower-case sign', () => { const s = t.signed({ v: 'x' }); return { ...s, sign: String(s.sign).toLowerCase() }; }],
    ['a field changed after signing', () => ({ ...t.signed({ v: 'x' }), v: 'y' })],
    ['a field added after signing', () => ({ ...t.signed({ v: 'x' }), extra: '1' })],
    ['another appId, correctly signed', () => signAs({ v: 'x', appId: 'other', siteId: t.config.siteId })],
    ['another siteId, correctly signed', () => signAs({ v: 'x', appId: t.config.appId, siteId: 'other' })],
    ['stale nonce', () => t.signed({ v: 'x' }, { nonce: makeNonce(Date.now() - NONCE_WINDOW_MS - 5_000) })],
    ['future nonce', () => t.signed({ v: 'x' }, { nonce: makeNonce(Date.now() + NONCE_WINDOW_MS + 5_000) })],
    ['malformed nonce', () => t.signed({ v: 'x' }, { nonce: 'abc' })],
  ];

  it.each(refused)('refuses %s with 101 签名校验失败 and writes nothing', async (_name, build) => {
    const before = await count();
    const res = await raw(build());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: '签名校验失败', result: null, code: '101' });
    expect(await count()).toBe(before);
  });

  it('accepts a nonce just inside the window on both sides', async () => {
    const before = await count();
    expect((await raw(t.signed({ v: 'past' }, { nonce: makeNonce(Date.now() - NONCE_WINDOW_MS + 10_000) }))).statusCode).toBe(200);
    expect((await raw(t.signed({ v: 'future' }, { nonce: makeNonce(Date.now() + NONCE_WINDOW_MS - 10_000) }))).statusCode).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it('refuses a replay, and of parallel replays exactly one is accepted', async () => {
    const before = await count();
    const payload = t.signed({ v: 'once' });
    const results = await Promise.all(Array.from({ length: 20 }, () => raw(payload)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === '101')).toHaveLength(19);
    expect((await raw(payload)).json().code).toBe('101');
    expect(await count()).toBe(before + 1);
  });

  it('signs GET query parameters too', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/app/runtime-config.js' });
    expect(ok.statusCode).toBe(200); // unsigned by declaration
    const unsignedGet = await t.app.inject({ method: 'GET', url: '/online/api/getSystemConfig' });
    expect(unsignedGet.statusCode).toBe(404); // POST only: a GET matches no route
  });
});
