import net from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPost, signInAsAdmin, tokenOf } from './auth-helpers';
import { startServer, useBrowserSuite, type RunningServer } from './harness';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const rabbitUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(amqpUrl);
  const socket = net.connect({ host: hostname, port: Number(port || 5672) });
  socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
  socket.once('connect', () => (socket.end(), resolve(true)));
  socket.once('error', () => resolve(false));
});

/**
 * Two servers on one fresh PostgreSQL database (the suite's own is instance A, the test starts B);
 * the browser is signed in on B, the announcement is published through A.
 */
function twoInstances(name: string, extraEnv: () => Record<string, string>, busLine: RegExp) {
  describe(name, () => {
    const database = `care_e2e_push_${randomBytes(4).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    let second: RunningServer | undefined;
    beforeAll(async () => {
      await admin((c) => c.query(`create database ${database}`));
    });
    afterAll(async () => {
      await second?.stop();
      await admin((c) => c.query(`drop database if exists ${database} with (force)`));
    });
    const env = () => ({ DATABASE_URL: url.toString(), ...extraEnv() });
    const suite = useBrowserSuite(env);

    it('an announcement published through one server reaches a browser on the other within one second', async () => {
      const a = suite.server;
      second = await startServer(env());
      const b = second;
      expect(a.output()).toMatch(busLine);
      expect(b.output()).toMatch(busLine);

      const page = await suite.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      await signInAsAdmin(page, b.baseUrl);
      await page.locator('.shell-notice[data-push="open"]').waitFor();
      const token = (await tokenOf(page))!;

      const title = `跨实例通告${randomUUID().slice(0, 6)}`;
      const draft = await signedPost<{ id: string; version: number }>(a.baseUrl, '/online/annountCement/add', { titile: title, msgContent: '<p>从另一台服务器发布</p>', priority: 'H', audienceType: 'all' }, token);
      expect(draft.code, draft.message).toBe('0');
      const shown = page.locator('.push-notification-notice').filter({ hasText: title });
      const sentAt = Date.now();
      const appeared = shown.waitFor({ timeout: 5_000 }).then(() => Date.now());
      const published = await signedPost(a.baseUrl, '/online/annountCement/publish', { id: draft.result.id, version: draft.result.version }, token);
      expect(published.code, published.message).toBe('0');
      const ms = (await appeared) - sentAt;
      expect(await shown.locator('.push-notification-content').innerText()).toBe('从另一台服务器发布');
      expect(ms).toBeLessThan(1000);
    });
  });
}

describe('live push with two servers', () => {
  twoInstances('on PostgreSQL LISTEN/NOTIFY', () => ({}), /push: PostgreSQL LISTEN\/NOTIFY/);

  // The test script starts RabbitMQ, so under CI this must run; elsewhere it runs when RabbitMQ is up.
  describe.skipIf(!rabbitUp && !process.env.CI)('through RabbitMQ', () => {
    const exchange = `care.push.e2e.${randomUUID()}`;
    afterAll(async () => {
      const connection = await connect(amqpUrl);
      await (await connection.createChannel()).deleteExchange(exchange);
      await connection.close();
    });
    twoInstances('on a RabbitMQ topic exchange', () => ({ AMQP_URL: amqpUrl, AMQP_EXCHANGE: exchange }), /push: RabbitMQ/);
  });
});
