import WebSocket from 'ws';
import { pushContract, pushFrameSchema, type Envelope, type PushConnectInfo, type PushFrame } from '@care/shared';
import type { TestApp } from '../../test/test-app.js';

/** A push socket opened like the browser does, recording what arrives (API tests). */
export interface TestSocket {
  frames: PushFrame[];
  /** Resolves with the close code once the server (or the test) closed it. */
  closed: Promise<number>;
  /** The next frame matching `accept` (already received ones count), or a timeout error. */
  next(accept?: (frame: PushFrame) => boolean, timeoutMs?: number): Promise<PushFrame>;
  close(): void;
}

export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`socket refused with HTTP ${status}`);
  }
}

/** Opens `ws://…${path}?query`; rejects with RefusedError(status) when the upgrade is answered with HTTP. */
export function openSocket(baseUrl: string, path: string, query: Record<string, unknown>, headers: Record<string, string> = {}): Promise<TestSocket> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}?${search}`, { headers });
  const frames: PushFrame[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('message', (data) => {
    frames.push(pushFrameSchema.parse(JSON.parse(String(data))));
    for (const wake of waiters) wake();
  });
  const socket: TestSocket = {
    frames,
    closed,
    close: () => ws.close(),
    next(accept = () => true, timeoutMs = 3000) {
      let seen = 0;
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; seen < frames.length; seen++) {
            if (accept(frames[seen]!)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(frames[seen]!);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching push frame within ${timeoutMs} ms (got ${JSON.stringify(frames)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(new RefusedError(res.statusCode ?? 0));
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** registerMqWeb with `token`, then the socket with the ticket, signed like the browser signs a GET. */
export async function connectPush(t: TestApp, baseUrl: string, token: string): Promise<{ socket: TestSocket; info: PushConnectInfo }> {
  const info = await registerMqWeb(t, token);
  const socket = await openSocket(baseUrl, info.wsPath, t.signed({ ticket: info.ticket }));
  return { socket, info };
}

export async function registerMqWeb(t: TestApp, token: string): Promise<PushConnectInfo> {
  const res = await t.post<PushConnectInfo>(pushContract.registerMqWeb.path, {}, { token });
  if (res.body.code !== '0') throw new Error(`registerMqWeb: ${(res.body as Envelope).message}`);
  return res.body.result;
}

/** A payload as the messaging module pushes it (spec §3 Live push message). */
export function livePayload(title: string, extra: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    msgCategory: '1',
    title,
    content: `${title} 的内容`,
    priority: 'H',
    openType: null,
    openPage: null,
    busId: null,
    name: '系统管理员',
    createTime: '2025-01-01 08:00:00',
    ...extra,
  };
}
