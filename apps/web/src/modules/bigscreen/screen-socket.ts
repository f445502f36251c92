import { displayFrameSchema, displayScreenContract, type RuntimeConfig } from '@care/shared';
import type { RequestClient } from '../../lib/request';
import { socketUrl } from '../../lib/push/push-client';

/** The server closes a screen's socket with this code when its link was revoked or expired. */
export const DISPLAY_CLOSE_INVALID = 4403;
const RETRY_MS = [2000, 5000, 10_000, 30_000] as const;

export interface ScreenSocketDeps {
  client: RequestClient;
  runtimeConfig: RuntimeConfig;
  location: { protocol: string; host: string };
  /** Figures changed (or the socket just opened): fetch the screen's data again. */
  onRefresh: () => void;
  /** The link ended: show 链接无效或已过期. */
  onInvalid: () => void;
  onState?: (state: 'open' | 'closed') => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The live refresh of a big screen: a single-use ticket fetched with the token header, then the
 * socket (signed like any GET, the ticket in its query — never the token). The server sends
 * `refresh` when the screen's figures change and `invalid` when the link ends; the screen never polls.
 * A lost socket is opened again after 2, 5, 10, then every 30 s.
 */
export function openScreenSocket(deps: ScreenSocketDeps): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const create = deps.createSocket ?? ((url: string) => new WebSocket(url));

  const retry = () => {
    if (stopped) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => void connect(), wait);
  };

  const connect = async () => {
    if (stopped) return;
    let ticket;
    try {
      ticket = await deps.client.call(displayScreenContract.ticket, {});
    } catch {
      // A 403 went to onInvalid through the request layer; anything else: try again later.
      retry();
      return;
    }
    if (stopped) return;
    const ws = create(socketUrl(deps.location, ticket.wsPath, ticket.ticket, deps.runtimeConfig));
    socket = ws;
    ws.onopen = () => {
      failures = 0;
      deps.onState?.('open');
      // Whatever changed between the page's first fetch and now.
      deps.onRefresh();
    };
    ws.onmessage = (event) => {
      const frame = displayFrameSchema.safeParse(safeJson(event.data));
      if (!frame.success) return;
      if (frame.data.type === 'refresh') deps.onRefresh();
      else deps.onInvalid();
    };
    ws.onclose = (event) => {
      deps.onState?.('closed');
      if (socket === ws) socket = null;
      if (event.code === DISPLAY_CLOSE_INVALID) deps.onInvalid();
      else retry();
    };
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}

function safeJson(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}
