import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'receivable',
  pages: {
    'receivable/ReceivableList': () => import('./ReceivableList'),
    'payment/PaymentList': () => import('./PaymentList'),
  },
});
