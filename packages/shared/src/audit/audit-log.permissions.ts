import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the audit-log module and the titles of their buttons. */
export const AuditLogPermission = definePermissions({
  /** 用户登录列表 and 访问日志. */
  loginLogList: ['system:loginLog:list', '查询登录记录'],
  loginLogExport: ['system:loginLog:export', '导出登录记录'],
  visitLogList: ['system:visitLog:list', '查询访问日志'],
  visitLogExport: ['system:visitLog:export', '导出访问日志'],
});
