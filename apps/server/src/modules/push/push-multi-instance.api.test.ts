import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { announcementContract, makeNonce, pushContract, signFields, type Envelope, type PushConnectInfo } from '@care/shared';
import { DEMO_SECRETS } from '../../platform/config.js';
import { createPostgresDatabase, testDriver } from '../../test/test-database.js';
import { startProbeServer, type ServerProcess } from '../../test/server-process.js';
import { openSocket, RefusedError } from './test-socket.js';
import { reachable } from '../../test/fixtures.js';

const APP = { appId: 'care-backoffice', siteId: 'main' };
const signed = (fields: Record<string, unknown>, token?: string) => {
  const all = { ...fields, ...APP, nonce: makeNonce(), ...(token ? { sessionKey: token } : {}) };
  return { ...all, sign: signFields(all, DEMO_SECRETS.appSecret) };
};

/** A signed JSON POST to one instance, as the browser sends it. */
async function call<T>(server: ServerProcess, path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(signed(body, token)),
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== '0') throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.result;
}

const amqpUrl = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const rabbitUp = await reachable(amqpUrl, 5672);

/**
 * Two real server processes on one PostgreSQL database: an announcement published through one
 * reaches a browser connected to the other within one second.
 */
function twoInstances(name: string, env: () => Record<string, string>, expectedBus: RegExp) {
  describe(name, () => {
    const started: ServerProcess[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    afterAll(async () => {
      for (const s of started) s.child.kill('SIGKILL');
      await Promise.all(started.map((s) => s.exited));
      await dropDatabase?.();
    });

    it('an announcement published through one instance reaches a socket on the other within one second', async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      const common = { DATABASE_URL: database.url, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'info', ...env() };
      // One after the other: the first applies the migrations and seeds the demo company.
      const a = await startProbeServer(common);
      started.push(a);
      const b = await startProbeServer(common);
      started.push(b);
      for (const s of [a, b]) expect(s.output()).toMatch(expectedBus);

      const { token } = await call<{ token: string }>(a, '/online/user/getCodeLogin', { username: 'admin', password: DEMO_SECRETS.adminPassword });
      // A ticket is checked by whichever instance the socket lands on, and spent for all of them.
      const info = await call<PushConnectInfo>(a, pushContract.registerMqWeb.path, {}, token);
      const socket = await openSocket(`http://127.0.0.1:${b.port}`, info.wsPath, signed({ ticket: info.ticket }));
      try {
        const replay = await openSocket(`http://127.0.0.1:${a.port}`, info.wsPath, signed({ ticket: info.ticket })).then(
          (s) => (s.close(), 101),
          (err: unknown) => (err instanceof RefusedError ? err.status : -1),
        );
        expect(replay).toBe(401);

        const title = `多实例通告 ${randomUUID().slice(0, 8)}`;
        const draft = await call<{ id: string; version: number }>(a, announcementContract.add.path, { titile: title, msgContent: '<p>两台服务器</p>', priority: 'H', audienceType: 'all' }, token);
        const sentAt = Date.now();
        const arrived = socket.next((f) => f.type === 'notice' && f.title === title, 5000).then((frame) => ({ frame, ms: Date.now() - sentAt }));
        await call(a, announcementContract.publish.path, { id: draft.id, version: draft.version }, token);
        const { frame, ms } = await arrived;
        expect(frame).toMatchObject({ type: 'notice', id: draft.id, title, content: '两台服务器', priority: 'H', msgCategory: '1' });
        expect(ms).toBeLessThan(1000);
      } finally {
        socket.close();
      }
    });
  });
}

describe.skipIf(testDriver !== 'pg')('live push across server instances', () => {
  twoInstances('PostgreSQL LISTEN/NOTIFY', () => ({}), /push: PostgreSQL LISTEN\/NOTIFY/);

  // The test script starts RabbitMQ, so under CI this must run; elsewhere it runs when RabbitMQ is up.
  describe.skipIf(!rabbitUp && !process.env.CI)('through RabbitMQ', () => {
    const exchange = `care.push.test.${randomUUID()}`;
    afterAll(async () => {
      const connection = await connect(amqpUrl);
      await (await connection.createChannel()).deleteExchange(exchange);
      await connection.close();
    });
    twoInstances('RabbitMQ topic exchange', () => ({ AMQP_URL: amqpUrl, AMQP_EXCHANGE: exchange }), /push: RabbitMQ/);
  });
});
