import type { HttpMethod } from '../api/contract.js';

// Zod-free, like auth/auth.paths.ts: what the sign-in page reads without loading the contracts.

/** Default logo title (spec §9). */
export const DEFAULT_LOGO_TITLE = '科技平台';

export const systemPaths = {
  getSystemConfig: { method: 'POST', path: '/online/api/getSystemConfig' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
