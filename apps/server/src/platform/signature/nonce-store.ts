import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Remembers nonces until they fall out of the signing window; `remember` is true only the first time. */
export interface NonceStore {
  remember(nonce: string, expiresAt: number): Promise<boolean>;
  close(): Promise<void>;
}

const BUCKET_MS = 60_000;

/**
 * One node: nonces kept in per-minute buckets by expiry, so forgetting old ones is dropping whole
 * buckets instead of scanning every entry. The check-and-set is synchronous, so parallel replays of
 * one nonce cannot both pass.
 */
export class MemoryNonceStore implements NonceStore {
  private readonly buckets = new Map<number, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  async remember(nonce: string, expiresAt: number): Promise<boolean> {
    return this.rememberSync(nonce, expiresAt);
  }

  rememberSync(nonce: string, expiresAt: number): boolean {
    const bucketKey = Math.floor(expiresAt / BUCKET_MS);
    let bucket = this.buckets.get(bucketKey);
    if (bucket?.has(nonce)) return false;
    if (!bucket) {
      bucket = new Set();
      this.buckets.set(bucketKey, bucket);
      this.forgetExpired();
    }
    bucket.add(nonce);
    return true;
  }

  get size(): number {
    let n = 0;
    for (const bucket of this.buckets.values()) n += bucket.size;
    return n;
  }

  private forgetExpired(): void {
    const current = Math.floor(this.now() / BUCKET_MS);
    for (const key of this.buckets.keys()) if (key < current) this.buckets.delete(key);
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }
}

/** Several nodes without Redis: the primary key of api_nonce makes the first insert win. */
export class DatabaseNonceStore implements NonceStore {
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Kysely<DB>) {
    this.sweeper = setInterval(() => void this.sweep(), BUCKET_MS);
    this.sweeper.unref();
  }

  async remember(nonce: string, expiresAt: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('api_nonce')
      .values({ nonce, expires_at: new Date(expiresAt) })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async sweep(): Promise<void> {
    try {
      await this.db.deleteFrom('api_nonce').where('expires_at', '<', sql<Date>`now()`).execute();
    } catch {
      // The next sweep tries again; a failed sweep only delays clean-up.
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

/** Several nodes with Redis: SET NX with an expiry is atomic across every instance. */
export class RedisNonceStore implements NonceStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'care:nonce:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface as failed remember() calls (request refused), not as a crash.
    this.redis.on('error', () => undefined);
  }

  async remember(nonce: string, expiresAt: number): Promise<boolean> {
    const ttl = Math.max(1, expiresAt - Date.now());
    const result = await this.redis.set(this.prefix + nonce, '1', 'PX', ttl, 'NX');
    return result === 'OK';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
