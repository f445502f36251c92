import { AuditLogPermission, buttonsOf, pick } from '@care/shared';
import { defineModule } from '../module.js';
import { registerAuditLogRoutes } from './audit-log.routes.js';
import { startLogPruning } from '../../platform/audit/visit-log.js';

export default defineModule({
  name: 'audit-log',
  tables: ['visit_log'],
  menus: [
    { path: '/system/loginLog', buttons: buttonsOf(pick(AuditLogPermission, 'loginLogList', 'loginLogExport')) },
    { path: '/system/visitLog', buttons: buttonsOf(pick(AuditLogPermission, 'visitLogList', 'visitLogExport')) },
  ],
  routes: registerAuditLogRoutes,
  jobs: [{ name: 'log pruning', start: ({ database, config, log }) => startLogPruning(database.db, config.logRetentionDays, log) }],
});
