import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../paths.js';
import { createPostgresDatabase, testDriver } from '../../test/test-database.js';
import { freePort, signedPost } from '../../test/server-process.js';

// Issue 26 item 11: PostgreSQL ending a connection (an outage, a restart, pg_terminate_backend) once
// killed the process with `Unhandled 'error' event … 57P01`: a pooled client checked out by a request
// has no error listener of the pool's. Here a real server process loses every backend at once — one
// of them idle inside a request's transaction, one the push LISTEN — and stays up, answers, and
// pushes again once the LISTEN connection is back.

const children: { kill(signal: NodeJS.Signals): void }[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function startFixture(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/platform/db/connection-loss.fixture.ts')], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  const alive = () => exitCode === undefined;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error(`server exited before it was ready:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server not ready:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/online/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, alive, output: () => out, post: (url: string, body: Record<string, unknown> = {}) => signedPost(port, url, body) };
}

async function until<T>(read: () => Promise<T>, accept: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (accept(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(testDriver !== 'pg')('PostgreSQL terminating the connections of a running server', () => {
  it('the process stays up: a request on a killed connection fails cleanly, the next ones answer, and push works again', async () => {
    const database = await createPostgresDatabase();
    const admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => undefined);
    try {
      const server = await startFixture({ DATABASE_URL: database.url, DEMO_DATA: 'off', ADMIN_PASSWORD: 'Connection-Loss-1' });
      await admin.connect();
      expect((await server.post('/online/test/pushRoundTrip')).json.result).toBe(true);
      const listenPid = (await server.post('/online/test/listenPid')).json.result as number;
      expect(listenPid).toBeGreaterThan(0);

      // A request holding a transaction open on a checked-out connection, idle meanwhile.
      const held = server.post('/online/test/idleInTransaction', { ms: 1500 }).catch((err: unknown) => ({ status: 0, json: { code: String(err), result: null } }));
      await until(
        async () => (await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`)).rows[0].n as number,
        (n) => n > 0,
      );
      // Every backend of the server's database, as a fast shutdown or an administrator would.
      const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);

      // The held request answers an error envelope, not a dropped connection.
      const answer = await held;
      expect(answer.status, server.output()).toBe(500);
      expect(answer.json.code).not.toBe('0');
      await new Promise((r) => setTimeout(r, 500));
      expect(server.alive(), server.output()).toBe(true);
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);

      // It answers again from a fresh pool connection, and the LISTEN connection is back (a new backend).
      expect((await until(() => server.post('/online/api/getSystemConfig'), (r) => r.json.code === '0')).json.code).toBe('0');
      await until(async () => (await server.post('/online/test/listenPid')).json.result, (pid) => typeof pid === 'number' && pid !== listenPid);
      expect((await until(() => server.post('/online/test/pushRoundTrip'), (r) => r.json.result === true)).json.result).toBe(true);
      expect(server.alive()).toBe(true);
    } finally {
      await admin.end().catch(() => undefined);
      for (const c of children.splice(0)) c.kill('SIGKILL');
      await database.drop();
    }
  }, 120_000);
});
