import { buttonsOf, MessagePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerMessageRoutes } from './message.routes.js';

export default defineModule({
  name: 'message',
  tables: ['message_template', 'message'],
  menus: [{ path: '/message/template', buttons: buttonsOf(MessagePermission) }],
  routes: registerMessageRoutes,
});
