import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_WS_PATH, PushCloseCode, pushContract } from '@care/shared';
import { issuePushTicket } from '../../platform/push/push-ticket.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDriver } from '../../test/test-database.js';
import { TEST_PASSWORD, createUserWith } from '../../test/test-users.js';
import { connectPush, livePayload, openSocket, RefusedError, registerMqWeb, type TestSocket } from './test-socket.js';

describe('live push: registerMqWeb and the socket', () => {
  let t: TestApp;
  let baseUrl: string;
  let adminToken: string;
  let adminId: string;
  let companyId: string;
  const sockets: TestSocket[] = [];

  const refusal = (promise: Promise<TestSocket>) =>
    promise.then(
      (socket) => {
        sockets.push(socket);
        return 101;
      },
      (err: unknown) => (err instanceof RefusedError ? err.status : Promise.reject(err)),
    );
  const connect = async (token: string) => {
    const { socket, info } = await connectPush(t, baseUrl, token);
    sockets.push(socket);
    return { socket, info };
  };
  const signIn = async (username: string) => {
    await createUserWith(t.ctx.database.db, { username });
    return t.login(username, TEST_PASSWORD);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    adminToken = await t.login();
    const admin = await t.ctx.database.db.selectFrom('app_user').select(['id', 'default_company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    adminId = admin.id;
    companyId = admin.default_company_id!;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('runs on the bus of the deployment: in process on PGlite, LISTEN/NOTIFY on PostgreSQL', () => {
    expect(t.ctx.push.constructor.name).toBe(testDriver === 'pg' ? 'PgNotifyPushBus' : 'LocalPushBus');
  });

  it('registerMqWeb needs a session', async () => {
    const res = await t.post(pushContract.registerMqWeb.path);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: '302' });
  });

  it('registerMqWeb returns a ticket, the socket path and the three subscriptions, no broker password', async () => {
    const res = await t.post(pushContract.registerMqWeb.path, {}, { token: adminToken });
    expect(res.body).toMatchObject({ success: true, code: '0' });
    const info = pushContract.registerMqWeb.result.parse(res.body.result);
    expect(info.wsPath).toBe(PUSH_WS_PATH);
    expect(info.expiresIn).toBe(30);
    expect(info.topics).toEqual({ site: 'main.site', company: `main.company.${companyId}`, user: `main.user.${adminId}` });
    expect(info.ticket).not.toContain(adminToken);
    expect(JSON.stringify(res.body)).not.toMatch(/pass(word)?/i);
  });

  it('a ticket opens one socket, once', async () => {
    const info = await registerMqWeb(t, adminToken);
    const query = t.signed({ ticket: info.ticket });
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, query))).toBe(101);
    // The same ticket again, even with a fresh signature: spent.
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, t.signed({ ticket: info.ticket })))).toBe(401);
  });

  it('refuses a missing, malformed, forged or expired ticket', async () => {
    const { ticket } = await registerMqWeb(t, adminToken);
    const [sessionId, expiry, nonce, mac] = ticket.split('.') as [string, string, string, string];
    const forgedMac = `${sessionId}.${expiry}.${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const longerLife = `${sessionId}.${Number(expiry) + 3_600_000}.${nonce}.${mac}`;
    const otherSession = `${randomUUID()}.${expiry}.${nonce}.${mac}`;
    for (const bad of [undefined, '', 'x', forgedMac, longerLife, otherSession, `${ticket}.`, ticket.toUpperCase()]) {
      const query = t.signed(bad === undefined ? {} : { ticket: bad });
      expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, query))).toBe(401);
    }
    // Issued 31 s ago: expired.
    const session = await t.ctx.database.db.selectFrom('user_session').selectAll().where('user_id', '=', adminId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    const old = await issuePushTicket(
      t.ctx.database.db,
      { sessionId: session.id, userId: adminId, username: 'admin', companyId, departmentId: null },
      Date.now() - 31_000,
    );
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, t.signed({ ticket: old.ticket })))).toBe(401);
    // The untouched ticket still works: none of the above spent it.
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, t.signed({ ticket })))).toBe(101);
  });

  it('the socket takes neither the session token nor an unsigned query', async () => {
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, t.signedQuery({}, { token: adminToken }), { 'x-access-token': adminToken }))).toBe(401);
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, t.signed({ sessionKey: adminToken }), { 'x-access-token': adminToken }))).toBe(401);
    const { ticket } = await registerMqWeb(t, adminToken);
    expect(await refusal(openSocket(baseUrl, PUSH_WS_PATH, { ticket }))).toBe(401);
    // …and a ticket is no credential anywhere else.
    const res = await t.app.inject({ method: 'GET', url: '/online/api/getTxUserInfo', query: t.signed({ ticket }) as Record<string, string> });
    expect(res.json()).toMatchObject({ code: '302' });
  });

  // SECURITY.md access control: the socket's check is on the matched route, so no spelling of its
  // path gets a socket without a ticket (spellings that resolve to the route meet the same check).
  it.each(['/online/ws/', '/online/ws.js', '/online/WS', '/ONLINE/ws', '//online/ws', '/online/ws;a', '/online/x/%2e%2e/ws', '/online/%77s'])(
    'the spelling %s opens no socket without a ticket',
    async (path) => {
      const status = await refusal(openSocket(baseUrl, path, t.signedQuery({}, { token: adminToken }), { 'x-access-token': adminToken }));
      expect([400, 401, 404]).toContain(status);
    },
  );

  it('delivers each audience to its sockets only: the site, a company, a user', async () => {
    const otherToken = await signIn('push_other');
    const other = await t.ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'push_other').executeTakeFirstOrThrow();
    const admin = (await connect(adminToken)).socket;
    const peer = (await connect(otherToken)).socket;

    await t.ctx.push.publish({ scope: 'site' }, { kind: 'notice', payload: livePayload('全站通知') });
    expect(await admin.next((f) => f.type === 'notice' && f.title === '全站通知')).toMatchObject({ type: 'notice', content: '全站通知 的内容', name: '系统管理员' });
    await peer.next((f) => f.type === 'notice' && f.title === '全站通知');

    await t.ctx.push.publish({ scope: 'company', companyId: randomUUID() }, { kind: 'notice', payload: livePayload('别家公司') });
    await t.ctx.push.publish({ scope: 'company', companyId }, { kind: 'notice', payload: livePayload('本公司') });
    await admin.next((f) => f.type === 'notice' && f.title === '本公司');
    await peer.next((f) => f.type === 'notice' && f.title === '本公司');

    await t.ctx.push.publish({ scope: 'user', userId: other.id }, { kind: 'message', payload: livePayload('给同事', { msgCategory: '2' }) });
    await t.ctx.push.publish({ scope: 'user', userId: adminId }, { kind: 'message', payload: livePayload('给管理员', { msgCategory: '2' }) });
    expect(await admin.next((f) => f.type === 'message')).toMatchObject({ type: 'message', title: '给管理员', msgCategory: '2' });
    expect(await peer.next((f) => f.type === 'message')).toMatchObject({ title: '给同事' });

    // Delivery is in order, so once the last frame is in, nothing else is on its way.
    expect(admin.frames.map((f) => (f.type === 'resync' ? f.type : f.title))).toEqual(['全站通知', '本公司', '给管理员']);
    expect(peer.frames.map((f) => (f.type === 'resync' ? f.type : f.title))).toEqual(['全站通知', '本公司', '给同事']);
  });

  it('a signed-out session stops receiving: its socket is closed at the next delivery', async () => {
    const token = await signIn('push_leaver');
    const { socket } = await connect(token);
    const watcher = (await connect(adminToken)).socket;
    const out = await t.post('/online/request/getLogOut', { token }, { token });
    expect(out.body.code).toBe('0');
    await t.ctx.push.publish({ scope: 'site' }, { kind: 'notice', payload: livePayload('登出之后') });
    await watcher.next((f) => f.type === 'notice' && f.title === '登出之后');
    expect(await socket.closed).toBe(PushCloseCode.sessionEnded);
    expect(socket.frames).toEqual([]);
  });

  it('a disabled user stops receiving', async () => {
    const token = await signIn('push_disabled');
    const { socket } = await connect(token);
    await t.ctx.database.db.updateTable('app_user').set({ status: 'disabled' }).where('username', '=', 'push_disabled').execute();
    await t.ctx.push.publish({ scope: 'site' }, { kind: 'notice', payload: livePayload('停用之后') });
    expect(await socket.closed).toBe(PushCloseCode.sessionEnded);
    expect(socket.frames).toEqual([]);
  });
});
