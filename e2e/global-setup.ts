import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, seedDataDir, startServerFrom, type RunningServer } from './harness';

/**
 * globalSetup of the browser tests, for the whole run:
 * - the built server seeds one data directory (the demo company and its year of CRM records take
 *   most of a start-up), which every test file's server starts from a copy of (startServer);
 * - one chromium, which every file connects to (launchBrowser) instead of starting its own;
 * - a small HTTP service on 127.0.0.1 (`runServices`) with each worker's shared server (started at
 *   the first request, see useSharedBrowserSuite) and the run lock (see RunLock).
 * All of it is stopped or removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const [seeded, launched] = await Promise.allSettled([seedDataDir(), launchBrowserServer()]);
  if (seeded.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (seeded.status === 'fulfilled') rmSync(seeded.value, { recursive: true, force: true });
    throw seeded.status === 'rejected' ? seeded.reason : (launched as PromiseRejectedResult).reason;
  }
  const dataDir = seeded.value;
  const browser = launched.value;
  console.log(`seeded the browser tests' data directory in ${Date.now() - started} ms`);

  const lock = new RunLock();
  const shared = new Map<string, Promise<RunningServer>>();
  const service = createServer((request, response) => {
    answer(request, response, lock, (worker) => {
      let server = shared.get(worker);
      if (!server) {
        server = startServerFrom(dataDir);
        shared.set(worker, server);
        // A failed start is reported to the file that asked, and the next file tries again.
        server.catch(() => shared.delete(worker));
      }
      return server;
    }).catch((error: unknown) => send(response, 500, { error: (error as Error).message }));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));

  project.provide('seededDataDir', dataDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('runServices', `http://127.0.0.1:${(service.address() as AddressInfo).port}`);

  return async () => {
    service.close();
    const servers = await Promise.allSettled(shared.values());
    for (const server of servers) if (server.status === 'fulfilled') await server.value.stop();
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function answer(request: IncomingMessage, response: ServerResponse, lock: RunLock, sharedServer: (worker: string) => Promise<RunningServer>): Promise<void> {
  const parts = (request.url ?? '').split('/').filter(Boolean);
  if (request.method === 'POST' && parts[0] === 'server' && parts[1]) {
    const server = await sharedServer(parts[1]);
    return send(response, 200, { baseUrl: server.baseUrl, dataDir: server.dataDir });
  }
  if (request.method === 'POST' && parts[0] === 'lock' && (parts[1] === 'shared' || parts[1] === 'alone')) {
    return send(response, 200, { ticket: lock.ask(parts[1]) });
  }
  if (request.method === 'GET' && parts[0] === 'lock' && parts[1] === 'ticket' && parts[2]) {
    return send(response, 200, { granted: lock.granted(parts[2]) });
  }
  if (request.method === 'POST' && parts[0] === 'unlock' && parts[1]) {
    lock.release(parts[1]);
    return send(response, 200, {});
  }
  send(response, 404, { error: `no such service: ${request.method} ${request.url}` });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * A readers–writer lock over the run's tests: 'shared' (every test and server start) is granted
 * together with other 'shared' holds, 'alone' (a file measuring speed) only when nothing else is held.
 * Asks are granted in the order they came, so an 'alone' waits only for the holds before it.
 */
export class RunLock {
  private next = 0;
  private readonly queue: { ticket: string; kind: 'shared' | 'alone' }[] = [];
  private readonly held = new Map<string, 'shared' | 'alone'>();

  ask(kind: 'shared' | 'alone'): string {
    const ticket = String(++this.next);
    this.queue.push({ ticket, kind });
    this.grant();
    return ticket;
  }

  granted(ticket: string): boolean {
    return this.held.has(ticket);
  }

  release(ticket: string): void {
    this.held.delete(ticket);
    const waiting = this.queue.findIndex((entry) => entry.ticket === ticket);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    this.grant();
  }

  private grant(): void {
    while (this.queue.length > 0) {
      const first = this.queue[0]!;
      const kinds = [...this.held.values()];
      const free = first.kind === 'shared' ? !kinds.includes('alone') : kinds.length === 0;
      if (!free) return;
      this.queue.shift();
      this.held.set(first.ticket, first.kind);
    }
  }
}
