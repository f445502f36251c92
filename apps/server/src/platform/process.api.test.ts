import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDriver } from '../test/test-database.js';
import { signedPost, startProbeServer, type ServerProcess } from '../test/server-process.js';

const started: ServerProcess[] = [];
afterAll(() => {
  for (const s of started) s.child.kill('SIGKILL');
});
const start = async (env: Record<string, string>) => {
  const s = await startProbeServer(env);
  started.push(s);
  return s;
};

describe.skipIf(testDriver !== 'pglite')('embedded database in DATA_DIR, as a real process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-data-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write through kill -9, and restarts without repair', async () => {
    const first = await start({ DATA_DIR: dataDir });
    const acknowledged: number[] = [];
    let seq = 0;
    let killed = false;
    // Four writers stream inserts; the server is killed while they are in flight.
    const writer = async () => {
      while (!killed) {
        const mine = ++seq;
        try {
          const res = await signedPost(first.port, '/online/test/append', { seq: mine });
          if (res.json.code === '0') acknowledged.push(mine);
        } catch {
          return; // connection cut by the kill
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await first.exited;

    const second = await start({ DATA_DIR: dataDir });
    const stored = new Set((await signedPost(second.port, '/online/test/seqs')).json.result as number[]);
    const lost = acknowledged.filter((s) => !stored.has(s));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    expect(lost).toEqual([]);

    // While it runs, a second server on the same DATA_DIR refuses to start, at once and clearly.
    const startedAt = Date.now();
    const intruder = await startProbeServer({ DATA_DIR: dataDir }, { waitReady: false });
    expect(await intruder.exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(intruder.output()).toMatch(/DATA_DIR .* is in use by another server \(pid \d+\)/);
    // …and the running one is untouched.
    expect((await signedPost(second.port, '/online/test/seqs')).json.code).toBe('0');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('on SIGTERM refuses new work, finishes in-flight requests and closes cleanly', async () => {
    const server = await start({ DATA_DIR: dataDir });
    const slow = signedPost(server.port, '/online/test/slow', { ms: 1500 });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const late = await signedPost(server.port, '/online/api/getSystemConfig').then(
      (r) => r.status,
      () => 'refused' as const,
    );
    expect([503, 'refused']).toContain(late);
    const slowResult = await slow;
    expect(slowResult.json).toMatchObject({ code: '0', result: 'finished' });
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});

describe.skipIf(testDriver !== 'pg')('PostgreSQL via DATABASE_URL, as a real process', () => {
  it('serves signed calls, and a restart applies no migration twice', async () => {
    const pgDb = await createPostgresDatabase();
    try {
      const first = await start({ DATABASE_URL: pgDb.url, LOG_LEVEL: 'info' });
      expect(first.output()).toContain('"applied":[1');
      expect((await signedPost(first.port, '/online/api/getSystemConfig')).json.code).toBe('0');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const second = await start({ DATABASE_URL: pgDb.url, LOG_LEVEL: 'info' });
      expect(second.output()).not.toContain('migrations applied');
      expect((await signedPost(second.port, '/online/api/getSystemConfig')).json.code).toBe('0');
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      await pgDb.drop();
    }
  });
});
