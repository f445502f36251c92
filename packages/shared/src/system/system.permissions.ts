import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the system module and the titles of their buttons. */
export const SystemPermission = definePermissions({
  /** 系统配置: change the site configuration. */
  systemConfigEdit: ['system:config:edit', '修改系统配置'],
});
