import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'number-rule',
  pages: {
    'system/NumberRuleList': () => import('./NumberRuleList'),
  },
});
