import { buttonsOf, OnlineReportPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerOnlineReportRoutes } from './online-report.routes.js';
import { checkReaderRole, seedExampleReport } from './online-report.seed.js';

// 报表配置 and the reports' generated pages: see docs/online.md "As built: online report".
export default defineModule({
  name: 'online-report',
  tables: ['online_report'],
  menus: [{ path: '/online/report', buttons: buttonsOf(OnlineReportPermission) }],
  routes: (app, ctx) => {
    registerOnlineReportRoutes(app, ctx);
  },
  seeds: [
    { name: 'example online report', run: ({ db }) => seedExampleReport(db) },
    // Warns (and inserts nothing) when the database user cannot take the reports' role.
    { name: 'report reader role', run: async ({ db, log }) => void (await checkReaderRole(db, log)) },
  ],
});
