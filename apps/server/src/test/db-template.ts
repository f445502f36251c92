import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { TestProject } from 'vitest/node';
import { migrateAndSeed } from '../app.js';
import type { AppConfig } from '../platform/config.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { loggerOptions } from '../platform/logger.js';
import { testAppConfig } from './test-app.js';
import { createPostgresDatabase, seedFingerprint, testDriver, type DatabaseTemplate } from './test-database.js';

/**
 * globalSetup of the API project: migrates and seeds one database with createTestApp's default
 * configuration, for the test files to clone (createAppTestDatabase) instead of each running 30-odd
 * migrations and every seed again. Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const { template, remove } = testDriver === 'pg' ? await buildPostgresTemplate() : await buildPgliteTemplate();
  project.provide('databaseTemplate', template);
  console.log(`database template (${testDriver}) built in ${Date.now() - started} ms; seeds read ${template.seedKeys.join(', ')}`);
  return remove;
}

async function buildPostgresTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const created = await createPostgresDatabase({ prefix: 'care_tpl' });
  try {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to: seed() closes its pool.
    const seeded = await seed(await openDatabase({ kind: 'pg', url: created.url, poolSize: 2 }));
    return { template: { driver: 'pg', source: created.name, ...seeded }, remove: created.drop };
  } catch (err) {
    await created.drop();
    throw err;
  }
}

async function buildPgliteTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const database = await openDatabase({ kind: 'pglite' });
  const file = path.join(os.tmpdir(), `care-tpl-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const seeded = await seed(database, async () => fs.promises.writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer())));
  return { template: { driver: 'pglite', source: file, ...seeded }, remove: async () => fs.promises.rm(file, { force: true }) };
}

/**
 * Migrates and seeds `database` as a createTestApp with no options would at start-up, noting which
 * configuration fields the seeds read; runs `save` on the seeded database, then closes it.
 */
async function seed(database: Database, save?: () => Promise<void>): Promise<Pick<DatabaseTemplate, 'seedKeys' | 'fingerprint'>> {
  const config = testAppConfig({ WEB_DIST: path.join(os.tmpdir(), 'care-no-web-dist') });
  const read = new Set<string>();
  const recording = new Proxy(config, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as AppConfig;
  try {
    await migrateAndSeed(database.db, recording, Fastify({ logger: loggerOptions(config) }).log);
    await save?.();
  } finally {
    await database.close();
  }
  const seedKeys = [...read].sort();
  return { seedKeys, fingerprint: seedFingerprint(config, seedKeys) };
}
