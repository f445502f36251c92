import path from 'node:path';

/** The repository root, whether run from the root (`npm run bench`) or elsewhere. */
export const repoRoot = path.resolve(import.meta.dirname, '..');
export const outDir = path.join(repoRoot, 'bench', 'out');

export interface BenchSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Admin connection used only to create and drop the throw-away PostgreSQL database. */
  adminDatabaseUrl: string;
  /** Start the server children with `--cpu-prof` (profiles land in bench/out/profiles). */
  cpuProfile: boolean;
  /** Another server bundle to measure (e.g. an experimental build); undefined = apps/server/dist/main.js. */
  serverEntry: string | undefined;
  /** Only these database targets / scenarios (ids); undefined = all. */
  onlyDatabases: string[] | undefined;
  onlyScenarios: string[] | undefined;
}

/**
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50),
 * BENCH_DATABASE_URL (default the local trust-auth postgres), BENCH_CPU_PROF=on, and for profiling one
 * path: BENCH_DATABASES=pglite,postgresql and BENCH_SCENARIOS=<ids from scenarios.ts> (comma lists);
 * BENCH_SERVER_ENTRY=<main.js> measures another build (no build check).
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    connections: positive(env, 'BENCH_CONNECTIONS', 50, true),
    warmupSeconds: positive(env, 'BENCH_WARMUP', 3),
    durationSeconds: positive(env, 'BENCH_DURATION', 10),
    adminDatabaseUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    cpuProfile: env.BENCH_CPU_PROF === 'on' || env.BENCH_CPU_PROF === '1',
    serverEntry: env.BENCH_SERVER_ENTRY ? path.resolve(env.BENCH_SERVER_ENTRY) : undefined,
    onlyDatabases: list(env.BENCH_DATABASES),
    onlyScenarios: list(env.BENCH_SCENARIOS),
  };
}

function list(raw: string | undefined): string[] | undefined {
  const items = raw?.split(',').map((item) => item.trim()).filter(Boolean);
  return items?.length ? items : undefined;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, integer = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}
