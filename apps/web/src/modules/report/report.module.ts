import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'report',
  pages: {
    'report/FinanceReport': () => import('./FinanceReport'),
    'report/SaleOrderReport': () => import('./SaleOrderReport'),
    'report/SaleSummaryReport': () => import('./SaleSummaryReport'),
    'report/OrderServeReport': () => import('./OrderServeReport'),
    'report/ServeSummaryReport': () => import('./ServeSummaryReport'),
    'report/WaitingMoveInReport': () => import('./WaitingMoveInReport'),
    'report/MonthlyNurseReport': () => import('./MonthlyNurseReport'),
  },
});
