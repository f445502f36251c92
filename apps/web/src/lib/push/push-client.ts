import { makeNonce, PUSH_RECONNECT_MS, pushContract, pushFrameSchema, ResultCode, signFields, type PushFrame, type RuntimeConfig } from '@care/shared';
import { ApiError } from '../api-error';
import type { RequestClient } from '../request';
import { StorageKey, type AppStorage } from '../storage';

/** The part of the browser's WebSocket the client uses, so tests can pass a stand-in. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface PushClientDeps {
  request: RequestClient;
  storage: AppStorage;
  runtimeConfig: RuntimeConfig;
  /** Where the page was loaded from: the socket goes to the same host. */
  location: { protocol: string; host: string };
  createSocket?: (url: string) => SocketLike;
  /** Whether the server answers at all, asked before each attempt so an outage stays quiet. */
  healthy?: () => Promise<boolean>;
}

export interface PushHandlers {
  /** A pushed notice or message, or `resync` (the server may have lost pushes: fetch what was missed). */
  onFrame(frame: PushFrame): void;
  /**
   * The socket is open. `reconnected`: it had been lost (or the first attempts failed), so pushes may
   * have been missed — fetch them; otherwise only what came between the page's first fetch and now.
   */
  onOpen(reconnected: boolean): void;
  /** The socket is lost; the client is trying again. */
  onClose(): void;
}

/**
 * The browser end of live push (spec §4): asks registerMqWeb for a single-use ticket, opens the
 * server's WebSocket with it (signed like any GET), hands each frame to the page, and when the socket
 * is lost tries again every 2 s. Before each attempt it checks that the server answers, so a server
 * that is down does not raise an error notice every 2 s; a session that ended is left to the request
 * layer (registerMqWeb answers 302 or 110, which signs the user out), and the client stops.
 */
export class PushClient {
  private socket: SocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** Something may have been missed since the page loaded its data: the next open is a reconnect. */
  private missed = false;

  constructor(
    private readonly deps: PushClientDeps,
    private readonly handlers: PushHandlers,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'page closed');
    }
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const healthy = await (this.deps.healthy ?? serverAnswers)().catch(() => false);
    if (!this.running) return;
    if (!healthy) return this.retry();
    let info;
    try {
      info = await this.deps.request.call(pushContract.registerMqWeb);
    } catch (error) {
      if (error instanceof ApiError && (error.code === ResultCode.noSession || error.code === ResultCode.superseded)) {
        this.stop();
        return;
      }
      return this.retry();
    }
    if (!this.running) return;
    // Spec §3 keeps the broker connection info locally; the ticket is spent at once and not kept.
    this.deps.storage.set(StorageKey.brokerInfo, { wsPath: info.wsPath, topics: info.topics });
    const url = socketUrl(this.deps.location, info.wsPath, info.ticket, this.deps.runtimeConfig);
    const socket = (this.deps.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike))(url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.missed;
      this.missed = false;
      this.handlers.onOpen(reconnected);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const frame = parseFrame(event.data);
      if (frame) this.handlers.onFrame(frame);
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.handlers.onClose();
      this.retry();
    };
  }

  private retry(): void {
    if (!this.running) return;
    this.missed = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, PUSH_RECONNECT_MS);
  }
}

/** `ws(s)://host/online/ws?ticket=…&appId=…&nonce=…&siteId=…&sign=…`: signed as the request layer signs a GET. */
export function socketUrl(location: { protocol: string; host: string }, wsPath: string, ticket: string, config: RuntimeConfig, nonce = makeNonce()): string {
  const fields = { ticket, appId: config.appId, nonce, siteId: config.siteId };
  const sign = signFields(fields, config.secret, config.signAlgorithm);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${wsPath}?${new URLSearchParams({ ...fields, sign }).toString()}`;
}

function parseFrame(data: unknown): PushFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = pushFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function serverAnswers(): Promise<boolean> {
  const response = await fetch('/online/health', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
  return response.ok;
}
