import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'finance-price',
  pages: {
    'financePrice/FinancePriceList': () => import('./FinancePriceList'),
  },
});
