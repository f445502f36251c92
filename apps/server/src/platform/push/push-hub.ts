import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
// A type only: `ws` comes with @fastify/websocket and is not bundled into the server build.
import type WebSocket from 'ws';
import { PushCloseCode } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { findLiveSessions } from './push.repo.js';
import type { PushAudience, PushBus, PushEnvelope } from './push-bus.js';

interface Connection {
  socket: WebSocket;
  session: SessionInfo;
  /** The session's company as last read from the database (a company switch moves it). */
  companyId: string;
  alive: boolean;
}

export interface PushHubOptions {
  bus: PushBus;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** How often sockets are pinged and their sessions re-checked. */
  sweepMs?: number;
  maxPerSession?: number;
}

/** A browser that reads this slowly is dropped (it reconnects and fetches what it missed). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The sockets of this instance and the delivery of the bus's envelopes to them. A socket belongs to
 * a session; before anything is sent its session is re-read (one query per envelope), so a signed-out,
 * superseded, expired or disabled user stops receiving at once, and the sweep closes such sockets
 * even when nothing is sent.
 */
export class PushHub {
  private readonly connections = new Set<Connection>();
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: Array<() => void>;
  private readonly sweeper: NodeJS.Timeout;
  private readonly maxPerSession: number;

  constructor(private readonly options: PushHubOptions) {
    this.maxPerSession = options.maxPerSession ?? 20;
    this.unsubscribe = [
      // One at a time, so browsers see events in the order they were published.
      options.bus.subscribe((envelope) => {
        this.queue = this.queue.then(() => this.deliver(envelope)).catch((err: unknown) => options.log.error({ err }, 'push delivery failed'));
      }),
      options.bus.onGap(() => this.broadcast(JSON.stringify({ type: 'resync' }))),
    ];
    this.sweeper = setInterval(() => void this.sweep(), options.sweepMs ?? 15_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  add(socket: WebSocket, session: SessionInfo): void {
    let sameSession = 0;
    for (const c of this.connections) if (c.session.sessionId === session.sessionId) sameSession++;
    if (sameSession >= this.maxPerSession) {
      socket.close(PushCloseCode.tooMany, 'too many connections');
      return;
    }
    const connection: Connection = { socket, session, companyId: session.companyId, alive: true };
    this.connections.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('close', () => this.connections.delete(connection));
    // The browser has nothing to say on this socket; whatever it sends is ignored.
    socket.on('message', () => undefined);
  }

  /** Pings every socket (dropping those that missed the last ping) and closes those whose session ended. */
  async sweep(): Promise<void> {
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        this.connections.delete(c);
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
    try {
      await this.checkSessions([...this.connections]);
    } catch (err) {
      this.options.log.warn({ err }, 'push: session check failed');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const off of this.unsubscribe) off();
    for (const c of this.connections) c.socket.close(1001, 'server stopping');
    this.connections.clear();
    await this.queue;
  }

  private async deliver(envelope: PushEnvelope): Promise<void> {
    const targets = [...this.connections].filter((c) => addressed(c, envelope.audience));
    if (targets.length === 0) return;
    const live = await this.checkSessions(targets);
    const frame = JSON.stringify({ ...envelope.event.payload, type: envelope.event.kind });
    for (const c of live) {
      if (addressed(c, envelope.audience)) this.send(c, frame);
    }
  }

  /** Re-reads the sessions of `connections`: closes the dead ones, returns the live ones. */
  private async checkSessions(connections: Connection[]): Promise<Connection[]> {
    if (connections.length === 0) return [];
    const companies = await findLiveSessions(this.options.db, [...new Set(connections.map((c) => c.session.sessionId))]);
    const live: Connection[] = [];
    for (const c of connections) {
      const companyId = companies.get(c.session.sessionId);
      if (companyId === undefined) {
        c.socket.close(PushCloseCode.sessionEnded, 'session ended');
        this.connections.delete(c);
      } else {
        c.companyId = companyId;
        live.push(c);
      }
    }
    return live;
  }

  private broadcast(frame: string): void {
    for (const c of this.connections) this.send(c, frame);
  }

  private send(c: Connection, frame: string): void {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      c.socket.terminate();
      this.connections.delete(c);
      return;
    }
    c.socket.send(frame);
  }
}

function addressed(c: Connection, audience: PushAudience): boolean {
  if (audience.scope === 'site') return true;
  if (audience.scope === 'company') return c.companyId === audience.companyId;
  return c.session.userId === audience.userId;
}
