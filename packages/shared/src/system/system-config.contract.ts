import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { SystemPermission } from './system.permissions.js';
import { systemPaths } from './system-config.paths.js';
import { systemConfigDetailSchema, systemConfigEditSchema, systemConfigSchema, SystemConfigText } from './system-config.schema.js';

export const systemContract = {
  /**
   * What the login page and the shell show. An image field that holds a stored upload answers the
   * public address of that image (`SYSTEM_CONFIG_IMAGE_PATH`), since the login page has no session.
   */
  getSystemConfig: defineContract({
    ...systemPaths.getSystemConfig,
    access: 'public',
    result: systemConfigSchema,
  }),
  /** The stored configuration and its version for the 系统配置 form (all of it is shown publicly anyway). */
  query: defineContract({
    method: 'POST',
    path: '/online/systemConfig/query',
    access: 'authenticated',
    body: z.object({}),
    result: systemConfigDetailSchema,
  }),
  /**
   * Replaces the configuration. Optimistic lock: a stale `version` answers 101 and changes nothing.
   * An image is an address or an upload of the caller's company; the login page shows it at once.
   */
  edit: defineContract({
    method: 'POST',
    path: '/online/systemConfig/edit',
    access: SystemPermission.systemConfigEdit,
    body: systemConfigEditSchema,
    result: systemConfigDetailSchema,
    successMessage: SystemConfigText.saved,
  }),
};
