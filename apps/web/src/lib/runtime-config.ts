import { RUNTIME_CONFIG_GLOBAL, runtimeConfigSchema, type RuntimeConfig } from '@care/shared';

/**
 * The config `/app/runtime-config.js` assigned before the bundle ran, or null when that script did
 * not load or assigned something malformed (the caller then shows an error page).
 */
export function readRuntimeConfig(scope: object = globalThis): RuntimeConfig | null {
  const parsed = runtimeConfigSchema.safeParse((scope as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL]);
  return parsed.success ? parsed.data : null;
}
