import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { AmqpPushBus } from './amqp-push-bus.js';
import { PgNotifyPushBus } from './pg-push-bus.js';
import { LocalPushBus, type PushBus } from './push-bus.js';

/**
 * The push bus of this deployment: RabbitMQ when AMQP_URL is set; PostgreSQL LISTEN/NOTIFY when the
 * server runs on PostgreSQL (instances share the database, so they share its notifications); in
 * process on embedded PGlite, which only one server can open anyway.
 */
export async function createPushBus(config: AppConfig, database: Database, log: FastifyBaseLogger): Promise<PushBus> {
  if (config.amqpUrl) {
    const bus = await AmqpPushBus.start({ url: config.amqpUrl, exchange: config.amqpExchange, siteId: config.siteId, log });
    log.info({ exchange: config.amqpExchange }, 'push: RabbitMQ');
    return bus;
  }
  const listenUrl = config.pushListenUrl ?? config.databaseUrl ?? database.url;
  if (database.driver === 'pg' && listenUrl) {
    const bus = await PgNotifyPushBus.start({ url: listenUrl, db: database.db, log });
    log.info('push: PostgreSQL LISTEN/NOTIFY');
    return bus;
  }
  return new LocalPushBus((err) => log.error({ err }, 'push listener failed'));
}
