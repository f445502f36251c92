import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'channel',
  pages: {
    'channel/ChannelList': () => import('./ChannelList'),
  },
});
