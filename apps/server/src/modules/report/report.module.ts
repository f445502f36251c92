import { buttonsOf, pick, ReportPermission as P } from '@care/shared';
import { defineModule } from '../module.js';
import { registerReportRoutes } from './report.routes.js';

// 报表 (/report/*): see docs/reports.md.
export default defineModule({
  name: 'report',
  menus: [
    { path: '/report/finance', buttons: buttonsOf(pick(P, 'financeReport', 'financeReportExport')) },
    { path: '/report/saleOrder', buttons: buttonsOf(pick(P, 'saleOrderReport', 'saleOrderReportExport')) },
    { path: '/report/saleSummary', buttons: buttonsOf(pick(P, 'saleSummaryReport', 'saleSummaryReportExport')) },
    { path: '/report/orderServe', buttons: buttonsOf(pick(P, 'orderServeReport', 'orderServeReportExport')) },
    { path: '/report/serveSummary', buttons: buttonsOf(pick(P, 'serveSummaryReport', 'serveSummaryReportExport')) },
    { path: '/report/waitingMoveIn', buttons: buttonsOf(pick(P, 'waitingMoveInReport', 'waitingMoveInReportExport')) },
    { path: '/report/monthlyNurse', buttons: buttonsOf(pick(P, 'monthlyNurseReport', 'monthlyNurseReportExport')) },
  ],
  routes: registerReportRoutes,
});
