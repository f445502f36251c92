import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'audit-log',
  pages: {
    'system/LoginLogList': () => import('./LoginLogList'),
    'system/VisitLogList': () => import('./VisitLogList'),
  },
});
