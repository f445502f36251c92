import { buttonsOf, MonitorPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerMonitorRoutes } from './monitor.routes.js';

// 监控页: this server's own counters (platform/metrics): see docs/reports.md.
export default defineModule({
  name: 'monitor',
  menus: [{ path: '/dashboard/monitor', buttons: buttonsOf(MonitorPermission) }],
  routes: registerMonitorRoutes,
});
