import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_RECONNECT_MS, pushContract, signFields, type PushConnectInfo, type PushFrame, type RuntimeConfig } from '@care/shared';
import { ApiError } from '../api-error';
import type { RequestClient } from '../request';
import { createStorage, memoryBackend, StorageKey } from '../storage';
import { PushClient, socketUrl, type SocketLike } from './push-client';

const config: RuntimeConfig = { appId: 'app', siteId: 'main', secret: 'S', signAlgorithm: 'sha256' };

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop() {
    this.onclose?.({ code: 1006 });
  }
  close(code?: number) {
    this.closedWith = code;
  }
}

const info = (n: number): PushConnectInfo => ({
  ticket: `ticket-${n}`,
  expiresIn: 30,
  wsPath: '/online/ws',
  topics: { site: 'main.site', company: 'main.company.c1', user: 'main.user.u1' },
});

const notice: PushFrame = {
  type: 'notice',
  id: 'a1',
  msgCategory: '1',
  title: '停水通知',
  content: '明天停水',
  priority: 'H',
  openType: null,
  openPage: null,
  busId: null,
  name: '管理员',
  createTime: '2025-01-01 08:00:00',
};

describe('push client', () => {
  let sockets: FakeSocket[];
  let calls: number;
  let answers: Array<() => Promise<unknown>>;
  let healthy: boolean;
  let frames: PushFrame[];
  let opens: boolean[];
  let closes: number;
  let client: PushClient;
  const storage = createStorage(memoryBackend());

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    calls = 0;
    answers = [];
    healthy = true;
    frames = [];
    opens = [];
    closes = 0;
    const request = {
      call: vi.fn(async (contract: unknown) => {
        expect(contract).toBe(pushContract.registerMqWeb);
        calls++;
        const answer = answers.shift();
        return answer ? answer() : info(calls);
      }),
    } as unknown as RequestClient;
    client = new PushClient(
      {
        request,
        storage,
        runtimeConfig: config,
        location: { protocol: 'https:', host: 'care.example.com' },
        createSocket: (url) => {
          const socket = new FakeSocket(url);
          sockets.push(socket);
          return socket;
        },
        healthy: async () => healthy,
      },
      { onFrame: (f) => frames.push(f), onOpen: (reconnected) => opens.push(reconnected), onClose: () => closes++ },
    );
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('opens the socket with the ticket, signed, on the page host; keeps the connection info without the ticket', async () => {
    client.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const url = new URL(sockets[0]!.url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://care.example.com/online/ws');
    const fields = Object.fromEntries(url.searchParams);
    const { sign, ...signed } = fields;
    expect(signed).toMatchObject({ ticket: 'ticket-1', appId: 'app', siteId: 'main' });
    expect(sign).toBe(signFields(signed, 'S', 'sha256'));
    expect(storage.get(StorageKey.brokerInfo)).toEqual({ wsPath: '/online/ws', topics: info(1).topics });
  });

  it('hands valid frames to the page and ignores anything else', async () => {
    client.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    socket.open();
    socket.receive(notice);
    socket.receive('not json');
    socket.receive({ type: 'notice', title: 'missing fields' });
    socket.receive({ type: 'resync' });
    expect(frames).toEqual([notice, { type: 'resync' }]);
    expect(opens).toEqual([false]);
  });

  it('reconnects 2 s after losing the socket, with a new ticket, and says so once it is open', async () => {
    client.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(closes).toBe(1);
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(new URL(sockets[1]!.url).searchParams.get('ticket')).toBe('ticket-2');
    expect(opens).toEqual([false]);
    sockets[1]!.open();
    expect(opens).toEqual([false, true]);
  });

  it('while the server is down it only asks whether the server answers, every 2 s', async () => {
    healthy = false;
    client.start();
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS * 3);
    expect(calls).toBe(0);
    healthy = true;
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    // The first attempts failed, so the page may have missed something.
    expect(opens).toEqual([true]);
  });

  it('tries again after a failed registerMqWeb, and stops for good when the session ended', async () => {
    answers.push(() => Promise.reject(new ApiError('500', '服务器响应失败')));
    client.start();
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.drop();
    answers.push(() => Promise.reject(new ApiError('302', '登录已过期，请重新登录')));
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS * 5);
    expect(calls).toBe(3);
    expect(sockets).toHaveLength(1);
  });

  it('stop closes the socket and cancels a pending reconnect', async () => {
    client.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    client.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
  });

  it('uses ws: for a page served over http', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, '/online/ws', 't', config, 'n')).toMatch(/^ws:\/\/127\.0\.0\.1:8080\/online\/ws\?ticket=t&appId=app&nonce=n&siteId=main&sign=[0-9A-F]{64}$/);
  });
});
