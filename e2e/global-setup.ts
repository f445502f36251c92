import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDataDir } from './harness';

/**
 * globalSetup of the browser tests: the built server seeds one data directory (the demo company and
 * its year of CRM records take most of a start-up), which every test file's server starts from a copy
 * of (startServer). Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now();
  const dataDir = await seedDataDir();
  project.provide('seededDataDir', dataDir);
  console.log(`seeded the browser tests' data directory in ${Date.now() - started} ms`);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
