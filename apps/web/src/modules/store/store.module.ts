import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'store',
  pages: {
    'store/StoreList': () => import('./StoreList'),
  },
});
