import { definePermissions } from '../permission/define-permissions.js';

/** 监控页 (/dashboard/monitor): this server's own health. */
export const MonitorPermission = definePermissions({
  monitorView: ['dashboard:monitor:view', '查看'],
});
