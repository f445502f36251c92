// Zod-free: the browser reads the runtime config before anything else loads (apps/web/src/lib/runtime-config.ts).

/** The global the runtime-config script assigns. */
export const RUNTIME_CONFIG_GLOBAL = '__CARE_RUNTIME_CONFIG__';

/** How requests are signed (api/sign.ts). */
export const SIGN_ALGORITHMS = ['sha256', 'md5'] as const;
