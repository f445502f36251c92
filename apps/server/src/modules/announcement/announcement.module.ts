import { buttonsOf, AnnouncementPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerAnnouncementRoutes } from './announcement.routes.js';

export default defineModule({
  name: 'announcement',
  tables: ['announcement', 'announcement_department', 'announcement_user', 'announcement_read'],
  menus: [{ path: '/message/announcement', buttons: buttonsOf(AnnouncementPermission) }],
  routes: registerAnnouncementRoutes,
});
