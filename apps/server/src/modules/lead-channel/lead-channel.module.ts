import { buttonsOf, LeadChannelPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerLeadChannelRoutes } from './lead-channel.routes.js';

export default defineModule({
  name: 'lead-channel',
  tables: ['lead_channel'],
  menus: [{ path: '/crm/leadChannel', buttons: buttonsOf(LeadChannelPermission) }],
  routes: registerLeadChannelRoutes,
});
