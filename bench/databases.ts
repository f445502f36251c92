import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CleanupStack } from './cleanup.js';
import { createTempDatabase } from './pg-database.js';
import type { BenchSettings } from './settings.js';

export interface DatabaseTarget {
  id: string;
  label: string;
  /**
   * Makes a fresh, empty database and returns the server settings that select it. The undo action is
   * registered on the cleanup stack; the returned function runs it as soon as the server has stopped.
   */
  provision(settings: BenchSettings, cleanup: CleanupStack): Promise<{ env: Record<string, string>; release: () => Promise<void>; note: string }>;
}

const pglite: DatabaseTarget = {
  id: 'pglite',
  label: 'embedded PGlite',
  async provision(_settings, cleanup) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-bench-'));
    const release = cleanup.add(`remove ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir }, release, note: `DATA_DIR=${dataDir}` };
  },
};

const postgresql: DatabaseTarget = {
  id: 'postgresql',
  label: 'PostgreSQL',
  async provision(settings, cleanup) {
    const database = await createTempDatabase(settings.adminDatabaseUrl);
    const release = cleanup.add(`drop database ${database.name}`, () => database.drop());
    return { env: { DATABASE_URL: database.url }, release, note: `database ${database.name}` };
  },
};

export const databaseTargets: DatabaseTarget[] = [pglite, postgresql];
