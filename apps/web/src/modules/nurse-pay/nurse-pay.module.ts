import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'nurse-pay',
  pages: {
    'nursePay/NursePayStandardList': () => import('./NursePayStandardList'),
    'nursePay/NurseSettlementList': () => import('./NurseSettlementList'),
  },
});
