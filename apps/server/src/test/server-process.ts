import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { makeNonce, signFields } from '@care/shared';
import { DEMO_SECRETS } from '../platform/config.js';
import { serverRoot } from '../platform/paths.js';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Starts the probe server (the real app plus probe routes) as its own process. */
export async function startProbeServer(env: Record<string, string>, options: { waitReady?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/test/fixtures/probe-server.ts')], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), LOG_LEVEL: 'warn', DEMO_DATA: 'on', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => out, exited };
  if (options.waitReady !== false) await waitHealthy(server);
  return server;
}

async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/online/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/** A signed JSON POST with the demo app settings the probe server runs with. */
export async function signedPost(port: number, url: string, body: Record<string, unknown> = {}): Promise<{ status: number; json: { code: string; result: unknown } }> {
  const fields = { ...body, appId: 'care-backoffice', siteId: 'main', nonce: makeNonce() };
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, sign: signFields(fields, DEMO_SECRETS.appSecret) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, json: (await res.json()) as { code: string; result: unknown } };
}
