import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'announcement',
  pages: {
    'message/AnnouncementList': () => import('./AnnouncementList'),
  },
});
