import { defineWebModule } from '../../lib/modules/web-module';

// 大屏链接 is a menu page; the big screens themselves are a public route of their own
// (app/AppRoutes.tsx, /bigscreen/:screen, loaded lazily outside the shell).
export default defineWebModule({
  name: 'bigscreen',
  pages: {
    'bigscreen/DisplayLinkList': () => import('./DisplayLinkList'),
  },
});
