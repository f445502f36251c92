import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PushCloseCode } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PASSWORD, createUserWith } from '../../test/test-users.js';
import { PushHub } from './push-hub.js';
import { LocalPushBus, PushListeners, type PushAudience, type PushBus, type PushEvent } from './push-bus.js';

/** Stands in for a ws socket: records what the hub does to it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = WebSocket.OPEN;
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  pings = 0;
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  ping() {
    this.pings++;
  }
  close(code: number) {
    this.end(code);
  }
  terminate() {
    this.end(1006);
  }
  private end(code: number) {
    if (this.readyState === WebSocket.CLOSED) return;
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
    this.emit('close', code);
  }
}

/** A bus whose gap the test can trigger. */
class GapBus extends LocalPushBus {
  readonly gaps = new PushListeners(() => undefined);
  override onGap(listener: () => void) {
    return this.gaps.onGap(listener);
  }
}

const payload = (title: string) => ({ title });

describe('push hub: sockets of one instance', () => {
  let t: TestApp;
  const hubs: PushHub[] = [];
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    await t?.close();
  });

  const newHub = (bus: PushBus = new LocalPushBus(), maxPerSession?: number) => {
    const hub = new PushHub({ bus, db: t.ctx.database.db, log: t.ctx.log, sweepMs: 3_600_000, maxPerSession });
    hubs.push(hub);
    return hub;
  };
  /** A signed-in user's session, as the socket route would see it. */
  const session = async (): Promise<SessionInfo & { token: string }> => {
    const username = `hub_user_${++n}`;
    await createUserWith(t.ctx.database.db, { username });
    const token = await t.login(username, TEST_PASSWORD);
    const row = await t.ctx.database.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.company_id', 's.department_id'])
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, userId: row.user_id, username, companyId: row.company_id, departmentId: row.department_id, token };
  };
  const socketOf = (hub: PushHub, s: SessionInfo) => {
    const socket = new FakeSocket();
    hub.add(socket as unknown as WebSocket, s);
    return socket;
  };
  const publish = async (bus: PushBus, hub: PushHub, audience: PushAudience, event: PushEvent) => {
    await bus.publish(audience, event);
    // Delivery is queued behind a session query; a sweep queued after it waits for it.
    await (hub as unknown as { queue: Promise<void> }).queue;
  };

  it('the sweep closes the sockets of ended sessions without anything being published', async () => {
    const hub = newHub();
    const leaving = await session();
    const staying = await session();
    const a = socketOf(hub, leaving);
    const b = socketOf(hub, staying);
    await t.post('/online/request/getLogOut', { token: leaving.token }, { token: leaving.token });
    await hub.sweep();
    expect(a.closedWith).toBe(PushCloseCode.sessionEnded);
    expect(b.closedWith).toBeUndefined();
    expect(hub.size).toBe(1);
  });

  it('pings on every sweep and drops a socket that did not answer the previous ping', async () => {
    const hub = newHub();
    const s = await session();
    const answering = socketOf(hub, s);
    const silent = socketOf(hub, s);
    await hub.sweep();
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit('pong');
    await hub.sweep();
    expect(answering.closedWith).toBeUndefined();
    expect(silent.closedWith).toBe(1006);
  });

  it('caps the sockets of one session', async () => {
    const hub = newHub(new LocalPushBus(), 2);
    const s = await session();
    const sockets = [socketOf(hub, s), socketOf(hub, s), socketOf(hub, s)];
    expect(sockets.map((x) => x.closedWith)).toEqual([undefined, undefined, PushCloseCode.tooMany]);
  });

  it('follows a company switch of the session', async () => {
    const bus = new LocalPushBus();
    const hub = newHub(bus);
    const s = await session();
    const socket = socketOf(hub, s);
    const company = await t.ctx.database.db.insertInto('company').values({ code: `push_${n}`, name: '另一家' }).returning('id').executeTakeFirstOrThrow();
    await t.ctx.database.db.updateTable('user_session').set({ company_id: company.id }).where('id', '=', s.sessionId).execute();
    await hub.sweep();
    await publish(bus, hub, { scope: 'company', companyId: s.companyId }, { kind: 'notice', payload: payload('旧公司') });
    await publish(bus, hub, { scope: 'company', companyId: company.id }, { kind: 'notice', payload: payload('新公司') });
    expect(socket.sent).toEqual([{ type: 'notice', title: '新公司' }]);
  });

  it('tells every socket to fetch what it missed when the bus had a gap', async () => {
    const bus = new GapBus();
    const hub = newHub(bus);
    const sockets = [socketOf(hub, await session()), socketOf(hub, await session())];
    bus.gaps.emitGap();
    expect(sockets.map((x) => x.sent)).toEqual([[{ type: 'resync' }], [{ type: 'resync' }]]);
  });

  it('drops a socket that stopped reading', async () => {
    const bus = new LocalPushBus();
    const hub = newHub(bus);
    const s = await session();
    const slow = socketOf(hub, s);
    slow.bufferedAmount = 2 * 1024 * 1024;
    await publish(bus, hub, { scope: 'user', userId: s.userId }, { kind: 'message', payload: payload('堆积') });
    expect(slow.closedWith).toBe(1006);
    expect(slow.sent).toEqual([]);
  });

  it('a payload cannot overwrite the frame type', async () => {
    const bus = new LocalPushBus();
    const hub = newHub(bus);
    const s = await session();
    const socket = socketOf(hub, s);
    await publish(bus, hub, { scope: 'user', userId: s.userId }, { kind: 'message', payload: { type: 'resync', title: randomUUID() } });
    expect((socket.sent[0] as { type: string }).type).toBe('message');
  });
});
