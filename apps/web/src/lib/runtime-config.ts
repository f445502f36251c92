import { RUNTIME_CONFIG_GLOBAL, SIGN_ALGORITHMS, type RuntimeConfig } from '@care/shared';

const isText = (value: unknown) => typeof value === 'string';

// The shared runtimeConfigSchema, field by field, without loading zod before the first paint; a field
// added to the schema does not compile here until it is checked (runtime-config.test.ts compares both).
const fieldChecks: { [K in keyof RuntimeConfig]-?: (value: unknown) => boolean } = {
  appId: isText,
  siteId: isText,
  secret: isText,
  signAlgorithm: (value) => (SIGN_ALGORITHMS as readonly unknown[]).includes(value),
};

/**
 * The config `/app/runtime-config.js` assigned before the bundle ran, or null when that script did
 * not load or assigned something malformed (the caller then shows an error page).
 */
export function readRuntimeConfig(scope: object = globalThis): RuntimeConfig | null {
  const value: unknown = (scope as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const keys = Object.keys(fieldChecks) as (keyof RuntimeConfig)[];
  if (!keys.every((key) => fieldChecks[key](fields[key]))) return null;
  return Object.fromEntries(keys.map((key) => [key, fields[key]])) as RuntimeConfig;
}
