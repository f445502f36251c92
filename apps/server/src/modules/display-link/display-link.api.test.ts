import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  addDays,
  centsToMoney,
  DISPLAY_WS_PATH,
  displayLinkContract,
  DisplayLinkText,
  displayScreenContract,
  moneyToCents,
  Permission,
  type BusinessScreen,
  type CareScreen,
  type DisplayLink,
  type DisplayLinkIssued,
  type DisplayTicket,
  type Envelope,
  type PageResult,
  type RoomScreen,
} from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/index.js';
import { resultOf, signedInUser, useAdminApp } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';

const A = displayLinkContract;
const S = displayScreenContract;

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const invalid = { success: false, code: '403', message: DisplayLinkText.invalid };

describe('大屏链接 and the big screens', () => {
  const ctx = useAdminApp();
  let baseUrl = '';
  const today = shanghaiDate();
  const day = (n: number) => addDays(today, n);
  const at = (d: string, hm = '10:00') => new Date(`${d}T${hm}:00+08:00`);

  const admin = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const issue = async (screen: 1 | 2 | 3, more: Record<string, unknown> = {}) => {
    const issued = await resultOf(admin<DisplayLinkIssued>(A.add.path, { screen, ...more }));
    return { ...issued, token: tokenOf(issued.url) };
  };

  /** A screen's call: signed like every call, no session, the link's token in its header. */
  async function screenCall<T>(contract: { method: string; path: string }, token?: string, extra: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
    const headers = { ...(token === undefined ? {} : { 'x-display-token': token }), ...extra };
    const res =
      contract.method === 'GET'
        ? await ctx.t.app.inject({ method: 'GET', url: contract.path, query: ctx.t.signedQuery({}), headers })
        : await ctx.t.app.inject({ method: 'POST', url: contract.path, payload: ctx.t.signed({}), headers });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  }

  // ---- the prepared data set (a company with no trade records before: two stores of its own) ----
  const data = {
    stores: {} as Record<'A' | 'B', { id: string; name: string }>,
    orders: [] as { store: 'A' | 'B'; day: string; status: string; deal: string }[],
    payments: [] as { store: 'A' | 'B'; day: string; status: string; amount: string }[],
  };
  let seq = 0;
  const productOf = async (companyId: string) =>
    (await sql<{ id: string; vid: string; snapshot: unknown }>`select p.id, v.id as vid, v.snapshot from product p join product_version v on v.id = p.current_version_id where p.company_id = ${companyId} order by p.code limit 1`.execute(ctx.db)).rows[0]!;
  const no = (p: string) => `${p}${++seq}`;

  beforeAll(async () => {
    const db = ctx.db;
    baseUrl = await ctx.t.app.listen({ host: '127.0.0.1', port: 0 }).then(() => `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`);
    const c = ctx.companyId;
    for (const [key, name] of [['A', '大屏甲店'], ['B', '大屏乙店']] as const) {
      const s = await db.insertInto('store').values({ company_id: c, code: `DS${key}`, name }).returning('id').executeTakeFirstOrThrow();
      data.stores[key] = { id: s.id, name };
    }
    const store = (k: 'A' | 'B') => data.stores[k].id;
    const customer = async (k: 'A' | 'B', name: string) =>
      (await db.insertInto('customer').values({ company_id: c, customer_no: no('DC'), name, phone: `1390000${String(seq).padStart(4, '0')}`, store_id: store(k) }).returning('id').executeTakeFirstOrThrow()).id;
    const c1 = await customer('A', '王小美');
    const c2 = await customer('B', '李大花');
    const product = await productOf(c);

    const order = async (k: 'A' | 'B', d: string, status: string, deal: string, customerId = c1) => {
      data.orders.push({ store: k, day: d, status, deal });
      const row = await db
        .insertInto('sales_order')
        .values({ company_id: c, order_no: no('DO'), customer_id: customerId, store_id: store(k), product_id: product.id, product_version_id: product.vid, product_snapshot: JSON.stringify(product.snapshot), deal_price: deal, reference_price: deal, status, created_at: at(d) } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const o1 = await order('A', day(0), 'confirmed', '10000.50');
    const o2 = await order('B', day(0), 'confirmed', '20000.00', c2);
    const o3 = await order('A', day(-3), 'checked_in', '5000.25');
    await order('B', day(0), 'cancelled', '9999.00');
    await order('A', day(0), 'draft', '7777.00');
    await order('B', day(-13), 'confirmed', '300.10', c2);
    await order('A', day(-14), 'confirmed', '123.00');

    const payment = async (k: 'A' | 'B', d: string, status: string, amount: string, customerId = c1) => {
      data.payments.push({ store: k, day: d, status, amount });
      return (
        await db
          .insertInto('payment')
          .values({ company_id: c, payment_no: no('DP'), customer_id: customerId, store_id: store(k), method: 'cash', amount, unapplied: amount, paid_at: at(d, '11:00'), status } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    await payment('A', day(0), 'audited', '3000.00');
    await payment('B', day(-2), 'audited', '1500.50', c2);
    await payment('A', day(0), 'pending_audit', '999.00');
    await payment('A', day(0), 'audited', '-200.00');
    await payment('B', day(-13), 'audited', '88.88', c2);

    // Rooms and stays.
    const roomType = async (k: 'A' | 'B') => (await db.insertInto('room_type').values({ company_id: c, store_id: store(k), code: no('DT'), name: '大屏房型' }).returning('id').executeTakeFirstOrThrow()).id;
    const types = { A: await roomType('A'), B: await roomType('B') };
    const room = async (k: 'A' | 'B', roomNo: string, status: string) =>
      (await db.insertInto('room').values({ company_id: c, store_id: store(k), room_type_id: types[k], room_no: roomNo, floor: 1, status }).returning('id').executeTakeFirstOrThrow()).id;
    const r101 = await room('A', 'D101', 'occupied');
    const r102 = await room('A', 'D102', 'free');
    const r103 = await room('A', 'D103', 'dirty');
    await room('A', 'D104', 'disabled');
    const r201 = await room('B', 'D201', 'reserved');
    const stay = (roomId: string, k: 'A' | 'B', orderId: string, customerId: string, start: string, end: string, status: string) =>
      db.insertInto('room_stay').values({ company_id: c, store_id: store(k), room_id: roomId, order_id: orderId, customer_id: customerId, start_date: start, end_date: end, status: status as never }).execute();
    await stay(r101, 'A', o3, c1, day(-3), day(25), 'in_house');
    await stay(r201, 'B', o2, c2, day(0), day(28), 'booked');
    await stay(r103, 'A', o1, c1, day(-28), day(0), 'ended');
    await stay(r102, 'A', o1, c1, day(0), day(5), 'cancelled');

    // Nurses, assignments and today's services.
    const nurse = async (name: string, status: string) =>
      (await db.insertInto('monthly_nurse').values({ company_id: c, nurse_no: no('DN'), name, level: 'junior', practice_type: 'maternity', service_type: 'center', employment: 'staff', status: status as never, store_id: store('A') }).returning('id').executeTakeFirstOrThrow()).id;
    const n1 = await nurse('张阿姨', 'on_duty');
    const n2 = await nurse('刘阿姨', 'on_duty');
    await nurse('陈阿姨', 'active');
    await nurse('赵阿姨', 'resting');
    await nurse('钱阿姨', 'left');
    const assignment = (nurseId: string, k: 'A' | 'B', customerId: string, start: string, end: string, status: string, actualStart: string | null) =>
      db.insertInto('nurse_assignment').values({ company_id: c, assignment_no: no('DA'), nurse_id: nurseId, customer_id: customerId, store_id: store(k), service_form: 'center', start_date: start, end_date: end, daily_rate: '300.00', status: status as never, actual_start: actualStart }).execute();
    await assignment(n1, 'A', c1, day(-5), day(21), 'in_service', day(-4));
    await assignment(n2, 'B', c2, day(1), day(27), 'dispatched', null);
    const service = (k: 'A' | 'B', orderId: string, customerId: string, when: Date, status: string, nurseId: string | null) =>
      db.insertInto('service_order').values({ company_id: c, service_no: no('DS'), order_id: orderId, customer_id: customerId, store_id: store(k), service_item: 'massage', scheduled_at: when, status: status as never, nurse_id: nurseId }).execute();
    await service('A', o1, c1, at(day(0), '09:30'), 'completed', n1);
    await service('B', o2, c2, at(day(0), '14:00'), 'pending', null);
    await service('A', o1, c1, at(day(0), '16:00'), 'cancelled', null);
    await service('A', o1, c1, at(day(-1), '09:00'), 'completed', n1);
  });

  it('issues a link once as /app/bigscreen/bigscreenN?token=…, keeps only its SHA-256, lists and filters it', async () => {
    const issued = await issue(2, { days: 7, note: '前台电视' });
    expect(issued.url).toMatch(/^\/app\/bigscreen\/bigscreen2\?token=[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db.selectFrom('display_link').selectAll().where('id', '=', issued.link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(issued.token);
    expect(Math.round((stored.expires_at.getTime() - stored.created_at.getTime()) / 86_400_000)).toBe(7);
    expect(issued.link).toMatchObject({ screen: 2, note: '前台电视', state: 'active', lastUsedAt: null, revokedAt: null });

    const page = await resultOf(admin<PageResult<DisplayLink>>(A.list.path, { pageNo: 1, pageSize: 10, screen: 2 }));
    expect(page.records.map((l) => l.id)).toContain(issued.link.id);
    expect(JSON.stringify(page)).not.toContain(issued.token);
    expect(JSON.stringify(page)).not.toContain(stored.token_hash);
    const other = await resultOf(admin<PageResult<DisplayLink>>(A.list.path, { pageNo: 1, pageSize: 10, screen: 1 }));
    expect(other.records.map((l) => l.id)).not.toContain(issued.link.id);

    // 导出: the list's filters, the same rows, neither token nor hash.
    const file = await exportXlsx(ctx.t, A.exportXls.path, { screen: 2 }, ctx.admin);
    expect(file.status).toBe(200);
    expect(file.rows[0]).toEqual(['大屏', '备注', '状态', '生成时间', '生成人', '有效期至', '最近使用', '撤销时间', '撤销人']);
    expect(file.rows.slice(1).map((r) => r[1])).toEqual(page.records.map((l) => l.note));
    expect(file.rows[1]!.slice(0, 3)).toEqual(['房态大屏', '前台电视', '有效']);
    expect(JSON.stringify(file.rows)).not.toContain(issued.token);

    // Validation in Chinese.
    expect((await admin(A.add.path, { screen: 4 })).body).toMatchObject({ success: false, message: expect.stringContaining(DisplayLinkText.pickScreen) });
    expect((await admin(A.add.path, { screen: 1, days: 0 })).body).toMatchObject({ success: false, message: expect.stringContaining(DisplayLinkText.daysRange) });
  });

  it('revokes with the version; a revoked link lists as 已撤销 and an expired one as 已过期', async () => {
    const a = await issue(1);
    expect((await admin(A.revoke.path, { id: a.link.id, version: a.link.version + 1 })).body.success).toBe(false);
    const revoked = await resultOf(admin<DisplayLink>(A.revoke.path, { id: a.link.id, version: a.link.version }));
    expect(revoked).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    expect((await admin(A.revoke.path, { id: revoked.id, version: revoked.version })).body).toMatchObject({ success: false, message: DisplayLinkText.alreadyRevoked });
    const b = await issue(1);
    await ctx.db.updateTable('display_link').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', b.link.id).execute();
    const list = await resultOf(admin<PageResult<DisplayLink>>(A.list.path, { pageNo: 1, pageSize: 50 }));
    expect(list.records.find((l) => l.id === b.link.id)?.state).toBe('expired');
    const expiredOnly = await resultOf(admin<PageResult<DisplayLink>>(A.list.path, { pageNo: 1, pageSize: 50, state: 'expired' }));
    expect(expiredOnly.records.map((l) => l.id)).toEqual([b.link.id]);
  });

  it('each action is enforced: a user without them gets 403', async () => {
    const user = await signedInUser(ctx.t, 'screen.nobody', { actions: [] });
    for (const [path, body] of [[A.list.path, {}], [A.exportXls.path, {}], [A.add.path, { screen: 1 }], [A.revoke.path, { id: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc', version: 1 }]] as const) {
      expect((await ctx.t.post(path, body, { token: user.token })).body).toMatchObject({ success: false, code: '403' });
    }
    const lister = await signedInUser(ctx.t, 'screen.lister', { actions: [Permission.displayLinkList] });
    expect((await ctx.t.post(A.list.path, {}, { token: lister.token })).body.success).toBe(true);
  });

  it('answers 403 链接无效或已过期 to a missing, malformed, unknown, expired or revoked token and to a token of another screen', async () => {
    const good = await issue(1);
    const revoked = await issue(1);
    await resultOf(admin(A.revoke.path, { id: revoked.link.id, version: revoked.link.version }));
    const expired = await issue(1);
    await ctx.db.updateTable('display_link').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', expired.link.id).execute();
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const bad of [undefined, '', 'short', `${good.token}x`, unknown, revoked.token, expired.token]) {
      for (const contract of [S.business, S.rooms, S.care, S.ticket]) {
        const res = await screenCall(contract, bad);
        expect(res.status, `${contract.path} ${String(bad)}`).toBe(403);
        expect(res.body).toMatchObject(invalid);
      }
    }
    // A screen-1 token opens screen 1 only.
    expect((await screenCall(S.business, good.token)).status).toBe(200);
    for (const other of [S.rooms, S.care]) expect((await screenCall(other, good.token)).body).toMatchObject(invalid);
    // The session token is no display token either.
    expect((await screenCall(S.business, ctx.admin)).body).toMatchObject(invalid);
  });

  it('the token answers nothing else: staff routes, with it as header or as session token, stay closed', async () => {
    const link = await issue(1);
    const asHeader = await ctx.t.app.inject({ method: 'POST', url: A.list.path, payload: ctx.t.signed({}), headers: { 'x-display-token': link.token } });
    expect(asHeader.statusCode).toBe(401);
    const asSession = await ctx.t.post(A.list.path, {}, { token: link.token });
    expect([401, 403]).toContain(asSession.status);
    expect(asSession.body.success).toBe(false);
    const info = await ctx.t.app.inject({ method: 'GET', url: '/online/api/getTxUserInfo', query: ctx.t.signedQuery({}), headers: { 'x-display-token': link.token } });
    expect(info.json()).toMatchObject({ success: false });
    // A link's last use is recorded (the screen call), without touching version or audit columns.
    await screenCall(S.business, link.token);
    const row = await ctx.db.selectFrom('display_link').selectAll().where('id', '=', link.link.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
    expect(row.version).toBe(1);
  });

  it('经营驾驶舱: today, this month, the 14-day trend and the store ranking equal the prepared orders and payments', async () => {
    const link = await issue(1);
    const res = await screenCall<BusinessScreen>(S.business, link.token);
    expect(res.status).toBe(200);
    const s = res.body.result;
    const counted = data.orders.filter((o) => o.status !== 'draft' && o.status !== 'cancelled');
    const received = data.payments.filter((p) => p.status === 'audited');
    const monthStart = `${today.slice(0, 8)}01`;
    const sumDeal = (rows: typeof counted) => centsToMoney(rows.reduce((n, o) => n + moneyToCents(o.deal), 0));
    const sumPaid = (rows: typeof received) => centsToMoney(rows.reduce((n, p) => n + moneyToCents(p.amount), 0));
    expect(s.today).toBe(today);
    expect(s.todayDeal).toBe(sumDeal(counted.filter((o) => o.day === today)));
    expect(s.todayDeal).toBe('30000.50');
    expect(s.todayOrders).toBe(counted.filter((o) => o.day === today).length);
    expect(s.todayReceived).toBe(sumPaid(received.filter((p) => p.day === today)));
    expect(s.todayReceived).toBe('2800.00');
    expect(s.monthDeal).toBe(sumDeal(counted.filter((o) => o.day >= monthStart)));
    expect(s.monthOrders).toBe(counted.filter((o) => o.day >= monthStart).length);
    expect(s.monthReceived).toBe(sumPaid(received.filter((p) => p.day >= monthStart)));
    expect(s.trend).toHaveLength(14);
    expect(s.trend.map((t) => t.day)).toEqual(Array.from({ length: 14 }, (_, i) => day(i - 13)));
    for (const t of s.trend) {
      expect(t.deal, t.day).toBe(sumDeal(counted.filter((o) => o.day === t.day)));
      expect(t.received, t.day).toBe(sumPaid(received.filter((p) => p.day === t.day)));
    }
    const ranking = (['A', 'B'] as const)
      .map((k) => ({ storeName: data.stores[k].name, deal: sumDeal(counted.filter((o) => o.store === k && o.day >= monthStart)) }))
      .filter((r) => r.deal !== '0.00')
      .sort((x, y) => moneyToCents(y.deal) - moneyToCents(x.deal));
    expect(s.storeRanking.map((r) => ({ storeName: r.storeName, deal: r.deal }))).toEqual(ranking);
  });

  it('房态大屏: rooms by status, tonight’s occupancy and today’s arrivals and departures equal the records, names masked', async () => {
    const link = await issue(2);
    const s = (await resultOf(screenCall<RoomScreen>(S.rooms, link.token))) as RoomScreen;
    const rooms = await ctx.db.selectFrom('room').select(['status']).where('company_id', '=', ctx.companyId).execute();
    expect(s.roomTotal).toBe(rooms.length);
    for (const st of s.byStatus) expect(st.count, st.value).toBe(rooms.filter((r) => r.status === st.value).length);
    expect(s.byStatus.find((x) => x.value === 'occupied')?.label).toBe('在住');
    expect(s.sellable).toBe(rooms.filter((r) => r.status !== 'disabled').length);
    const stays = await ctx.db.selectFrom('room_stay').select(['start_date', 'end_date', 'status']).where('company_id', '=', ctx.companyId).execute();
    const tonight = stays.filter((x) => ['booked', 'in_house', 'ended'].includes(x.status) && String(x.start_date) <= today && String(x.end_date) > today);
    expect(s.occupied).toBe(tonight.length);
    expect(s.occupied).toBe(2);
    expect(s.arrivals).toEqual([{ storeName: '大屏乙店', roomNo: 'D201', customer: '李**', status: '待入住' }]);
    expect(s.departures).toEqual([{ storeName: '大屏甲店', roomNo: 'D103', customer: '王**', status: '已退房' }]);
    expect(JSON.stringify(s)).not.toContain('王小美');
  });

  it('护理与月嫂: nurses by status, nurses on duty and today’s services equal the records', async () => {
    const link = await issue(3);
    const s = (await resultOf(screenCall<CareScreen>(S.care, link.token))) as CareScreen;
    expect(Object.fromEntries(s.nursesByStatus.map((x) => [x.value, x.count]))).toEqual({ active: 1, on_duty: 2, resting: 1 });
    const level = await dictLabeler(ctx.db, 'nurse_level');
    const item = await dictLabeler(ctx.db, 'service_item');
    expect(s.onDuty).toEqual([{ nurseName: '张阿姨', level: level('junior'), storeName: '大屏甲店', customer: '王**', dayNo: 5, days: 26 }]);
    expect(Object.fromEntries(s.servicesByStatus.map((x) => [x.value, x.count]))).toEqual({ pending: 1, dispatched: 0, in_service: 0, completed: 1, cancelled: 1 });
    expect(s.services).toEqual([
      { time: '09:30', item: item('massage'), subject: '妈妈', customer: '王**', staff: '张阿姨', status: 'completed', statusLabel: '已完成' },
      { time: '14:00', item: item('massage'), subject: '妈妈', customer: '李**', staff: '', status: 'pending', statusLabel: '待派工' },
    ]);
  });

  // ---- live refresh ----

  interface Socket {
    frames: string[];
    closed: Promise<number>;
    next(type: string, timeoutMs?: number): Promise<void>;
    close(): void;
  }
  function open(query: Record<string, unknown>): Promise<Socket | number> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${DISPLAY_WS_PATH}?${search}`);
    const frames: string[] = [];
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (d) => frames.push((JSON.parse(String(d)) as { type: string }).type));
    const socket: Socket = {
      frames,
      closed,
      close: () => ws.close(),
      next: (type, timeoutMs = 9000) =>
        new Promise((resolve, reject) => {
          const started = Date.now();
          const seen = frames.length;
          const poll = setInterval(() => {
            if (frames.slice(seen).includes(type)) {
              clearInterval(poll);
              resolve();
            } else if (Date.now() - started > timeoutMs) {
              clearInterval(poll);
              reject(new Error(`no ${type} frame within ${timeoutMs} ms (got ${JSON.stringify(frames)})`));
            }
          }, 50);
        }),
    };
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }
  const ticketOf = async (token: string) => (await resultOf(screenCall<DisplayTicket>(S.ticket, token))) as DisplayTicket;

  it('the socket opens with a single-use ticket only; nothing else opens it', async () => {
    const link = await issue(1);
    const t = await ticketOf(link.token);
    expect(t.wsPath).toBe(DISPLAY_WS_PATH);
    expect(t.ticket).not.toContain(link.token);
    const first = await open(ctx.t.signed({ ticket: t.ticket }));
    expect(typeof first).toBe('object');
    (first as Socket).close();
    // Spent; forged; the token itself; unsigned.
    expect(await open(ctx.t.signed({ ticket: t.ticket }))).toBe(403);
    const [id, exp, nonce, mac] = (await ticketOf(link.token)).ticket.split('.') as [string, string, string, string];
    expect(await open(ctx.t.signed({ ticket: `${id}.${exp}.${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}` }))).toBe(403);
    expect(await open(ctx.t.signed({ ticket: link.token }))).toBe(403);
    // No ticket; a good ticket but an unsigned query: refused before any upgrade.
    const noTicket = await open(ctx.t.signed({}));
    expect(typeof noTicket === 'number' && noTicket >= 400 && noTicket < 500, String(noTicket)).toBe(true);
    const fresh = await ticketOf(link.token);
    const unsigned = await open({ ticket: fresh.ticket });
    expect(typeof unsigned === 'number' && unsigned >= 400 && unsigned < 500, String(unsigned)).toBe(true);
    // …and that ticket was not spent by the refusal: signed, it opens.
    const ok = await open(ctx.t.signed({ ticket: fresh.ticket }));
    expect(typeof ok).toBe('object');
    (ok as Socket).close();
  });

  it('pushes a refresh to an open screen when its figures change, and invalid when its link is revoked', async () => {
    const link = await issue(1);
    const before = (await resultOf(screenCall<BusinessScreen>(S.business, link.token))) as BusinessScreen;
    const socket = (await open(ctx.t.signed({ ticket: (await ticketOf(link.token)).ticket }))) as Socket;
    const product = await productOf(ctx.companyId);
    const customer = await ctx.db.selectFrom('customer').select('id').where('company_id', '=', ctx.companyId).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sales_order')
      .values({ company_id: ctx.companyId, order_no: no('DO'), customer_id: customer.id, store_id: data.stores.A.id, product_id: product.id, product_version_id: product.vid, product_snapshot: JSON.stringify(product.snapshot), deal_price: '1000.00', reference_price: '1000.00', status: 'confirmed' } as never)
      .execute();
    await socket.next('refresh');
    const after = (await resultOf(screenCall<BusinessScreen>(S.business, link.token))) as BusinessScreen;
    expect(moneyToCents(after.todayDeal) - moneyToCents(before.todayDeal)).toBe(100_000);
    expect(after.todayOrders).toBe(before.todayOrders + 1);

    await resultOf(admin(A.revoke.path, { id: link.link.id, version: link.link.version }));
    await socket.next('invalid');
    expect(await socket.closed).toBe(4403);
    expect((await screenCall(S.business, link.token)).body).toMatchObject(invalid);
  }, 30_000);
});
