import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, createPostgresDatabase, testDriver, type TestDatabase } from '../../test/test-database.js';
import { makeFakeWebDist } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { makeNonce, signFields } from '@care/shared';
import { DatabaseNonceStore, RedisNonceStore, type NonceStore } from './nonce-store.js';
import { migrate, readMigrations } from '../db/migrate.js';
import { migrationsDir } from '../paths.js';
import { reachable } from '../../test/fixtures.js';

async function behavesAsOneTimeStore(store: NonceStore) {
  const nonce = makeNonce();
  const expires = Date.now() + 60_000;
  expect(await store.remember(nonce, expires)).toBe(true);
  expect(await store.remember(nonce, expires)).toBe(false);
  const racing = makeNonce();
  const results = await Promise.all(Array.from({ length: 25 }, () => store.remember(racing, expires)));
  expect(results.filter(Boolean)).toHaveLength(1);
}

describe('database nonce store', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.database.db, readMigrations(migrationsDir));
  });
  afterAll(() => t?.drop());

  it('accepts a nonce once, even under parallel replays', async () => {
    const store = new DatabaseNonceStore(t.database.db);
    await behavesAsOneTimeStore(store);
    await store.close();
  });

  it('forgets nonces past their expiry', async () => {
    const store = new DatabaseNonceStore(t.database.db);
    await store.remember('old-nonce', Date.now() - 1_000);
    await store.sweep();
    const left = await t.database.db.selectFrom('api_nonce').select('nonce').where('nonce', '=', 'old-nonce').execute();
    expect(left).toEqual([]);
    await store.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(redisUrl, 6379);

// CI starts Redis, so there this test must run; elsewhere it runs when Redis happens to be up.
describe.skipIf(!redisUp && !process.env.CI)('redis nonce store', () => {
  it('accepts a nonce once, even under parallel replays', async () => {
    const store = new RedisNonceStore(redisUrl, `care:test:${Date.now()}:`);
    await behavesAsOneTimeStore(store);
    await store.close();
  });
});

describe.skipIf(testDriver !== 'pg')('two instances on one PostgreSQL database', () => {
  it('a request accepted by one instance is a replay on the other', async () => {
    const pgDb = await createPostgresDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: pgDb.url, LOG_LEVEL: 'silent', DEMO_DATA: 'on', WEB_DIST: makeFakeWebDist() });
    expect(config.nonceStore).toBe('database');
    const a = await buildApp(config, { database: await openDatabase({ kind: 'pg', url: pgDb.url, poolSize: 3 }) });
    const b = await buildApp(config, { database: await openDatabase({ kind: 'pg', url: pgDb.url, poolSize: 3 }) });
    try {
      const fields = { appId: config.appId, siteId: config.siteId, nonce: makeNonce() };
      const payload = { ...fields, sign: signFields(fields, config.appSecret) };
      const first = await a.app.inject({ method: 'POST', url: '/online/api/getSystemConfig', payload });
      const replay = await b.app.inject({ method: 'POST', url: '/online/api/getSystemConfig', payload });
      expect(first.json().code).toBe('0');
      expect(replay.json()).toMatchObject({ code: '101', message: '签名校验失败' });
    } finally {
      await a.app.close();
      await b.app.close();
      await pgDb.drop();
    }
  });
});
