import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'data-rule',
  pages: {
    'system/DataRuleList': () => import('./DataRuleList'),
  },
});
