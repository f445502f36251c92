import { describe, expect, it, vi } from 'vitest';
import { signFields, type RuntimeConfig } from '@care/shared';
import type { RequestClient } from '../../lib/request';
import { DISPLAY_CLOSE_INVALID, openScreenSocket } from './screen-socket';
import { moneyText, screenOfParam } from './BigScreenPage';

const config: RuntimeConfig = { appId: 'app', siteId: 'main', secret: 'S', signAlgorithm: 'sha256' };

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

function setup(call: () => Promise<unknown>) {
  const sockets: FakeSocket[] = [];
  const onRefresh = vi.fn();
  const onInvalid = vi.fn();
  const stop = openScreenSocket({
    client: { call } as unknown as RequestClient,
    runtimeConfig: config,
    location: { protocol: 'https:', host: 'care.example.com' },
    onRefresh,
    onInvalid,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
  });
  return { sockets, onRefresh, onInvalid, stop };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('a big screen’s live refresh', () => {
  it('opens the socket with the ticket (signed, never the token), refetches on open and on refresh, shows invalid on invalid', async () => {
    const { sockets, onRefresh, onInvalid, stop } = setup(async () => ({ ticket: 't-1', expiresIn: 30, wsPath: '/online/displayLink/screen/ws' }));
    await flush();
    expect(sockets).toHaveLength(1);
    const url = new URL(sockets[0]!.url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://care.example.com/online/displayLink/screen/ws');
    const fields = Object.fromEntries(url.searchParams);
    const { sign, ...signed } = fields;
    expect(signed).toMatchObject({ ticket: 't-1', appId: 'app', siteId: 'main' });
    expect(sign).toBe(signFields(signed, 'S', 'sha256'));
    sockets[0]!.onopen?.();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    sockets[0]!.onmessage?.({ data: '{"type":"refresh"}' });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(onRefresh).toHaveBeenCalledTimes(2);
    sockets[0]!.onmessage?.({ data: '{"type":"invalid"}' });
    expect(onInvalid).toHaveBeenCalledTimes(1);
    stop();
    expect(sockets[0]!.closed).toBe(true);
  });

  it('a 4403 close means the link ended; another close tries again later', async () => {
    vi.useFakeTimers();
    try {
      const { sockets, onInvalid, stop } = setup(async () => ({ ticket: 't', expiresIn: 30, wsPath: '/ws' }));
      await vi.advanceTimersByTimeAsync(0);
      sockets[0]!.onclose?.({ code: 1006 });
      expect(onInvalid).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(sockets).toHaveLength(2);
      sockets[1]!.onclose?.({ code: DISPLAY_CLOSE_INVALID });
      expect(onInvalid).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sockets).toHaveLength(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('big screen page helpers', () => {
  it('reads the screen from the route and formats money with thousands separators', () => {
    expect(screenOfParam('bigscreen2')).toBe(2);
    expect(screenOfParam('bigscreen4')).toBeNull();
    expect(screenOfParam(undefined)).toBeNull();
    expect(moneyText('30000.50')).toBe('30,000.50');
    expect(moneyText('-1234567.00')).toBe('-1,234,567.00');
    expect(moneyText('0.00')).toBe('0.00');
  });
});
