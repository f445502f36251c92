import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestDatabase, testDriver, type TestDatabase } from '../../test/test-database.js';
import { AmqpPushBus } from './amqp-push-bus.js';
import { PgNotifyPushBus, PG_PUSH_CHANNEL } from './pg-push-bus.js';
import { LocalPushBus, PushTooLargeError, PUSH_MAX_BYTES, type PushBus, type PushEnvelope } from './push-bus.js';
import { reachable } from '../../test/fixtures.js';

const log = Fastify({ logger: false }).log;

/** Collects what a bus hands its listeners; `until` waits for a count. */
function collect(bus: PushBus) {
  const got: PushEnvelope[] = [];
  let gaps = 0;
  bus.subscribe((e) => got.push(e));
  bus.onGap(() => gaps++);
  return {
    got,
    gaps: () => gaps,
    titles: () => got.map((e) => e.event.payload.title),
    async until(test: () => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(got)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
const notice = (title: string) => ({ kind: 'notice' as const, payload: { title } });

describe('in-process bus', () => {
  it('hands every listener a copy, and refuses an event too large for any bus', async () => {
    const bus = new LocalPushBus();
    const a = collect(bus);
    const payload = { title: '一', nested: { n: 1 } };
    await bus.publish({ scope: 'user', userId: 'u1' }, { kind: 'message', payload });
    payload.nested.n = 2;
    expect(a.got).toEqual([{ audience: { scope: 'user', userId: 'u1' }, event: { kind: 'message', payload: { title: '一', nested: { n: 1 } } } }]);
    await expect(bus.publish({ scope: 'site' }, notice('x'.repeat(PUSH_MAX_BYTES)))).rejects.toThrow(PushTooLargeError);
  });
});

describe.skipIf(testDriver !== 'pg')('PostgreSQL LISTEN/NOTIFY bus', () => {
  let t: TestDatabase;
  const buses: PgNotifyPushBus[] = [];
  const start = async () => {
    const bus = await PgNotifyPushBus.start({ url: t.url!, db: t.database.db, log, retryMs: { min: 100, max: 500 } });
    buses.push(bus);
    return bus;
  };
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await t?.drop();
  });

  it('every instance receives what any instance publishes, itself included', async () => {
    const [a, b] = [await start(), await start()];
    const [gotA, gotB] = [collect(a), collect(b)];
    await a.publish({ scope: 'company', companyId: 'c1' }, notice('从A'));
    await b.publish({ scope: 'site' }, notice('从B'));
    await gotA.until(() => gotA.got.length === 2);
    await gotB.until(() => gotB.got.length === 2);
    expect(gotB.got).toContainEqual({ audience: { scope: 'company', companyId: 'c1' }, event: notice('从A') });
    expect(gotA.titles().sort()).toEqual(['从A', '从B'].sort());
  });

  it('ignores a notification that is not an envelope', async () => {
    const bus = await start();
    const got = collect(bus);
    await sql`select pg_notify(${PG_PUSH_CHANNEL}, ${'{"audience":{"scope":"everyone"},"event":{"kind":"x"}}'})`.execute(t.database.db);
    await sql`select pg_notify(${PG_PUSH_CHANNEL}, ${'not json'})`.execute(t.database.db);
    await bus.publish({ scope: 'site' }, notice('有效'));
    await got.until(() => got.got.length > 0);
    expect(got.titles()).toEqual(['有效']);
  });

  it('re-opens a lost LISTEN connection, reports the gap, and delivers again', async () => {
    const bus = await start();
    const got = collect(bus);
    const pid = bus.listenerPid;
    expect(pid).toBeTypeOf('number');
    await sql`select pg_terminate_backend(${pid})`.execute(t.database.db);
    await got.until(() => got.gaps() === 1 && bus.listenerPid !== undefined && bus.listenerPid !== pid);
    await bus.publish({ scope: 'site' }, notice('恢复之后'));
    await got.until(() => got.titles().includes('恢复之后'));
  });
});

const amqpUrl = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const rabbitUp = await reachable(amqpUrl, 5672);

// The test script starts RabbitMQ, so under CI this must run; elsewhere it runs when RabbitMQ is up.
describe.skipIf(!rabbitUp && !process.env.CI)('RabbitMQ bus', () => {
  const exchange = `care.push.test.${randomUUID()}`;
  const buses: AmqpPushBus[] = [];
  const start = async (siteId = 'main') => {
    const bus = await AmqpPushBus.start({ url: amqpUrl, exchange, siteId, log });
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const connection = await connect(amqpUrl);
    const channel = await connection.createChannel();
    await channel.deleteExchange(exchange);
    await connection.close();
  });

  it('fans out through the topic exchange to every instance of the site, and only of the site', async () => {
    const [a, b, elsewhere] = [await start(), await start(), await start('other-site')];
    const [gotA, gotB, gotElsewhere] = [collect(a), collect(b), collect(elsewhere)];
    await a.publish({ scope: 'user', userId: 'u1' }, { kind: 'message', payload: { title: '给u1' } });
    await b.publish({ scope: 'company', companyId: 'c1' }, notice('给c1'));
    await a.publish({ scope: 'site' }, notice('全站'));
    await gotA.until(() => gotA.got.length === 3);
    await gotB.until(() => gotB.got.length === 3);
    // Two publishers: each one's events keep their order, but the two may interleave.
    expect(gotB.got).toHaveLength(3);
    expect(gotB.got).toEqual(
      expect.arrayContaining([
        { audience: { scope: 'user', userId: 'u1' }, event: { kind: 'message', payload: { title: '给u1' } } },
        { audience: { scope: 'company', companyId: 'c1' }, event: notice('给c1') },
        { audience: { scope: 'site' }, event: notice('全站') },
      ]),
    );
    expect(gotA.titles().filter((t) => t !== '给c1')).toEqual(['给u1', '全站']);
    await elsewhere.publish({ scope: 'site' }, notice('别的站'));
    await gotElsewhere.until(() => gotElsewhere.got.length === 1);
    expect(gotElsewhere.titles()).toEqual(['别的站']);
    expect(gotA.titles()).not.toContain('别的站');
  });

  it('routes by the keys of the three subscriptions: <site>.site, <site>.company.<id>, <site>.user.<partyId>', async () => {
    const bus = await start();
    const connection = await connect(amqpUrl);
    try {
      const channel = await connection.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      await channel.bindQueue(queue, exchange, 'main.user.u2');
      const keys: string[] = [];
      await channel.consume(queue, (m) => m && keys.push(m.fields.routingKey), { noAck: true });
      await bus.publish({ scope: 'site' }, notice('全站'));
      await bus.publish({ scope: 'user', userId: 'u3' }, notice('给u3'));
      await bus.publish({ scope: 'user', userId: 'u2' }, notice('给u2'));
      const deadline = Date.now() + 5000;
      while (keys.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(keys).toEqual(['main.user.u2']);
    } finally {
      await connection.close();
    }
  });

  it('reconnects after losing the broker connection, reports the gap, and delivers again', async () => {
    const bus = await start();
    const got = collect(bus);
    // Cut the TCP connection under amqplib, as a broker restart or a network failure would.
    const model = (bus as unknown as { model: { connection: { stream: { destroy(err: Error): void } } } }).model;
    model.connection.stream.destroy(new Error('connection cut by the test'));
    await got.until(() => got.gaps() === 1, 15_000);
    await bus.publish({ scope: 'site' }, notice('恢复之后'));
    await got.until(() => got.titles().includes('恢复之后'));
  });
});
