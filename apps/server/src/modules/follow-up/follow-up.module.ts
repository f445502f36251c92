import { buttonsOf, FollowUpPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerFollowUpRoutes } from './follow-up.routes.js';

export default defineModule({
  name: 'follow-up',
  tables: ['follow_up'],
  menus: [{ path: '/crm/lead', buttons: buttonsOf(FollowUpPermission) }],
  routes: registerFollowUpRoutes,
});
