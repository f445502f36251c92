import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'lead-channel',
  pages: {
    'leadChannel/LeadChannelList': () => import('./LeadChannelList'),
  },
});
