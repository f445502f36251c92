import { buttonsOf, ChannelPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerChannelRoutes } from './channel.routes.js';

export default defineModule({
  name: 'channel',
  tables: ['channel'],
  menus: [{ path: '/crm/channel', buttons: buttonsOf(ChannelPermission) }],
  routes: registerChannelRoutes,
});
