import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the 报表 pages (/report/*): viewing (with drill-down and print) and the Excel export. */
export const ReportPermission = definePermissions({
  financeReport: ['report:finance:view', '查看'],
  financeReportExport: ['report:finance:export', '导出'],
  saleOrderReport: ['report:saleOrder:view', '查看'],
  saleOrderReportExport: ['report:saleOrder:export', '导出'],
  saleSummaryReport: ['report:saleSummary:view', '查看'],
  saleSummaryReportExport: ['report:saleSummary:export', '导出'],
  orderServeReport: ['report:orderServe:view', '查看'],
  orderServeReportExport: ['report:orderServe:export', '导出'],
  serveSummaryReport: ['report:serveSummary:view', '查看'],
  serveSummaryReportExport: ['report:serveSummary:export', '导出'],
  waitingMoveInReport: ['report:waitingMoveIn:view', '查看'],
  waitingMoveInReportExport: ['report:waitingMoveIn:export', '导出'],
  monthlyNurseReport: ['report:monthlyNurse:view', '查看'],
  monthlyNurseReportExport: ['report:monthlyNurse:export', '导出'],
});
