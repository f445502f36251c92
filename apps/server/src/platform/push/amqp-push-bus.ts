import type { FastifyBaseLogger } from 'fastify';
import { connect, type Channel, type ChannelModel, type RecoveringChannelModel } from 'amqplib';
import { decodeEnvelope, encodeEnvelope, PushListeners, type PushAudience, type PushBus, type PushEvent, type PushListener } from './push-bus.js';
import { bindingKeys, routingKey } from './routing.js';

export interface AmqpPushOptions {
  url: string;
  /** Topic exchange shared by every instance (declared durable if missing). */
  exchange: string;
  siteId: string;
  log: FastifyBaseLogger;
}

/** A pushed event older than this is of no use to anyone; an instance that stalled drops it. */
const MESSAGE_TTL_MS = 60_000;

/**
 * RabbitMQ fan-out: events go to a topic exchange under the routing keys of spec §4's three
 * subscriptions; each instance reads them through its own exclusive, auto-deleted queue bound to its
 * site's keys. amqplib's recovery re-opens a lost connection and runs `setup` again, which declares
 * a fresh queue; events published in between are reported as a gap.
 */
export class AmqpPushBus implements PushBus {
  private readonly listeners: PushListeners;
  private connection: RecoveringChannelModel | undefined;
  private channel: Channel | undefined;
  private model: ChannelModel | undefined;
  private connectedBefore = false;
  private closed = false;

  private constructor(private readonly options: AmqpPushOptions) {
    this.listeners = new PushListeners((err) => options.log.error({ err }, 'push listener failed'));
  }

  /** Connects (a few quick retries); start-up fails when the broker cannot be reached at all. */
  static async start(options: AmqpPushOptions): Promise<AmqpPushBus> {
    const bus = new AmqpPushBus(options);
    const connection = await connect(options.url, {
      recovery: {
        initialDelay: 500,
        maxDelay: 10_000,
        initialMaxRetries: 3,
        maxRetries: Infinity,
        setup: (model: ChannelModel) => bus.setup(model),
      },
    });
    bus.connection = connection;
    connection.on('disconnect', (err: Error) => {
      bus.channel = undefined;
      if (!bus.closed) options.log.warn({ err }, 'push: RabbitMQ connection lost; reconnecting');
    });
    connection.on('error', (err: Error) => options.log.warn({ err }, 'push: RabbitMQ connection error'));
    connection.on('reconnect-failed', (err: Error) => options.log.error({ err }, 'push: RabbitMQ reconnect gave up'));
    return bus;
  }

  async publish(audience: PushAudience, event: PushEvent): Promise<void> {
    const text = encodeEnvelope({ audience, event });
    const channel = this.channel;
    if (!channel) {
      this.options.log.error({ audience, kind: event.kind }, 'push: RabbitMQ not connected; event dropped');
      return;
    }
    try {
      channel.publish(this.options.exchange, routingKey(this.options.siteId, audience), Buffer.from(text), {
        contentType: 'application/json',
        deliveryMode: 1,
        expiration: String(MESSAGE_TTL_MS),
      });
    } catch (err) {
      this.options.log.error({ err, audience, kind: event.kind }, 'push: RabbitMQ publish failed; event dropped');
    }
  }

  subscribe(listener: PushListener): () => void {
    return this.listeners.subscribe(listener);
  }

  onGap(listener: () => void): () => void {
    return this.listeners.onGap(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.channel = undefined;
    // A broker that stopped answering must not hold the server's shutdown.
    const closing = this.connection?.close().catch(() => undefined);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }

  private async rebuild(model: ChannelModel): Promise<void> {
    if (this.closed || this.model !== model || this.channel) return;
    try {
      await this.setup(model);
    } catch (err) {
      this.options.log.warn({ err }, 'push: RabbitMQ channel could not be re-opened');
    }
  }

  /** Runs after every (re)connection: exchange, this instance's queue, its bindings, the consumer. */
  private async setup(model: ChannelModel): Promise<void> {
    const { exchange, siteId } = this.options;
    this.model = model;
    const channel = await model.createChannel();
    channel.on('error', (err: Error) => this.options.log.warn({ err }, 'push: RabbitMQ channel error'));
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = undefined;
      // The broker closed only the channel (the connection is fine, so recovery will not run): open
      // a new one on the same connection. A dead connection makes this fail, and recovery takes over.
      if (!this.closed) setTimeout(() => void this.rebuild(model), 1000).unref();
    });
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    for (const key of bindingKeys(siteId)) await channel.bindQueue(queue, exchange, key);
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        const envelope = decodeEnvelope(message.content.toString('utf8'));
        if (envelope) this.listeners.emit(envelope);
      },
      { noAck: true },
    );
    this.channel = channel;
    if (this.connectedBefore) {
      this.options.log.info('push: RabbitMQ connection restored');
      this.listeners.emitGap();
    }
    this.connectedBefore = true;
  }
}
