import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.js';
import { decodeEnvelope, encodeEnvelope, PushListeners, type PushAudience, type PushBus, type PushEvent, type PushListener } from './push-bus.js';

export const PG_PUSH_CHANNEL = 'care_push';

export interface PgPushOptions {
  /** Connection string of the database every instance shares. */
  url: string;
  /** The app's pool: NOTIFY goes through it. */
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** First and largest pause between reconnect attempts. */
  retryMs?: { min: number; max: number };
  /** How often the LISTEN connection is probed, so a silently dead one is noticed. */
  probeMs?: number;
}

/**
 * Several instances on one PostgreSQL database: NOTIFY on the shared pool, LISTEN on a dedicated
 * connection of each instance (a pooled one would be handed to other queries). A lost LISTEN
 * connection is re-opened with backoff; what was published meanwhile is reported as a gap.
 */
export class PgNotifyPushBus implements PushBus {
  private readonly listeners: PushListeners;
  private client: pg.Client | undefined;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly probeTimer: NodeJS.Timeout;
  private readonly retryMs: { min: number; max: number };

  private constructor(private readonly options: PgPushOptions) {
    this.listeners = new PushListeners((err) => options.log.error({ err }, 'push listener failed'));
    this.retryMs = options.retryMs ?? { min: 500, max: 10_000 };
    this.probeTimer = setInterval(() => void this.probe(), options.probeMs ?? 30_000);
    this.probeTimer.unref();
  }

  /** Opens the LISTEN connection; start-up fails if the database cannot be reached. */
  static async start(options: PgPushOptions): Promise<PgNotifyPushBus> {
    const bus = new PgNotifyPushBus(options);
    try {
      await bus.connect();
    } catch (err) {
      await bus.close();
      throw err;
    }
    return bus;
  }

  async publish(audience: PushAudience, event: PushEvent): Promise<void> {
    const text = encodeEnvelope({ audience, event });
    try {
      await sql`select pg_notify(${PG_PUSH_CHANNEL}, ${text})`.execute(this.options.db);
    } catch (err) {
      this.options.log.error({ err, audience, kind: event.kind }, 'push: NOTIFY failed; event dropped');
    }
  }

  subscribe(listener: PushListener): () => void {
    return this.listeners.subscribe(listener);
  }

  onGap(listener: () => void): () => void {
    return this.listeners.onGap(listener);
  }

  /** The server process id of the LISTEN connection (tests cut it to prove the reconnect). */
  get listenerPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probeTimer);
    clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      query_timeout: 10_000,
      connectionTimeoutMillis: 10_000,
      application_name: 'care-push-listen',
    });
    client.on('notification', (message) => {
      if (message.channel !== PG_PUSH_CHANNEL || !message.payload) return;
      const envelope = decodeEnvelope(message.payload);
      if (envelope) this.listeners.emit(envelope);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${PG_PUSH_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log.warn({ err }, 'push: LISTEN connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(this.retryMs.max, this.retryMs.min * 2 ** this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.connect().then(
        () => {
          if (this.closed) return;
          this.attempt = 0;
          this.options.log.info('push: LISTEN connection restored');
          this.listeners.emitGap();
        },
        (err: unknown) => {
          if (this.closed) return;
          this.options.log.warn({ err }, 'push: LISTEN reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private async probe(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (err) {
      this.lost(client, err as Error);
    }
  }
}
