import { z } from 'zod';
import { SIGN_ALGORITHMS } from './runtime-config.global.js';

/**
 * What the server hands the browser at start (`/app/runtime-config.js`), so one build serves any
 * deployment. The secret is not a protection (it ships to every browser); it binds requests to a site.
 */
export const runtimeConfigSchema = z.object({
  appId: z.string(),
  siteId: z.string(),
  secret: z.string(),
  signAlgorithm: z.enum(SIGN_ALGORITHMS),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
