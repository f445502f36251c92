import { RUNTIME_CONFIG_GLOBAL, runtimeConfigSchema, type RuntimeConfig } from '@care/shared';

/** Reads the signing settings the server hands the browser (`/app/runtime-config.js`). */
export async function fetchRuntimeConfig(baseUrl: string): Promise<RuntimeConfig> {
  const res = await fetch(`${baseUrl}/app/runtime-config.js`);
  const script = await res.text();
  if (res.status !== 200) throw new Error(`/app/runtime-config.js answered ${res.status}`);
  const match = new RegExp(`window\\.${RUNTIME_CONFIG_GLOBAL}\\s*=\\s*(\\{.*\\})\\s*;?\\s*$`, 's').exec(script);
  if (!match?.[1]) throw new Error(`/app/runtime-config.js does not assign window.${RUNTIME_CONFIG_GLOBAL}: ${script.slice(0, 200)}`);
  return runtimeConfigSchema.parse(JSON.parse(match[1]));
}
