import { defineWebModule } from '../../lib/modules/web-module';

// 报表配置 (the existing menu entry /online/report) and a report's generated page
// (/online/cgreportList/<code>), both loaded on their first visit.
export default defineWebModule({
  name: 'online-report',
  pages: {
    'online/ReportConfigList': () => import('./ReportConfigList'),
    'online/OnlineReportPage': () => import('./OnlineReportPage'),
  },
});
