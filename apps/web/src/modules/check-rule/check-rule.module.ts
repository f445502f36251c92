import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'check-rule',
  pages: {
    'system/CheckRuleList': () => import('./CheckRuleList'),
  },
});
