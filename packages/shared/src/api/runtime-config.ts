import { z } from 'zod';

/**
 * What the server hands the browser at start (`/app/runtime-config.js`), so one build serves any
 * deployment. The secret is not a protection (it ships to every browser); it binds requests to a site.
 */
export const runtimeConfigSchema = z.object({
  appId: z.string(),
  siteId: z.string(),
  secret: z.string(),
  signAlgorithm: z.enum(['sha256', 'md5']),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The global the runtime-config script assigns. */
export const RUNTIME_CONFIG_GLOBAL = '__CARE_RUNTIME_CONFIG__';
