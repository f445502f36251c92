import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { NonceStore } from './signature/nonce-store.js';
import type { PushBus } from './push/push-bus.js';
import type { ModuleGate } from './auth/module-gate.js';

/** The dependencies every module receives explicitly (STYLE.md rule 13). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  nonces: NonceStore;
  log: FastifyBaseLogger;
  /** Live push to browsers on every instance (announcements, messages). */
  push: PushBus;
  /** Which menu modules are off for a user (一级模块, 到家模式). */
  moduleGate: ModuleGate;
}
