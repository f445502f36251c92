import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ReportPermission as P } from './report.permissions.js';
import * as s from './report.schema.js';

const post = <B extends z.ZodType, R extends z.ZodType>(path: string, access: (typeof P)[keyof typeof P], body: B, result: R) =>
  defineContract({ method: 'POST', path: `/online/report/${path}`, access, body, result });
const file = z.unknown();

/**
 * 报表 (/report/*): each report answers its rows and a totals row over the whole filtered set, the
 * records behind a figure (drill), and an Excel file of the same figures. Every read is limited to the
 * stores the report's view action allows (analyticsStoreIds).
 */
export const reportContract = {
  finance: post('finance/query', P.financeReport, s.financeQuerySchema, s.financeResultSchema),
  financeDrill: post('finance/drill', P.financeReport, s.financeDrillSchema, s.drillPageSchema),
  financeExport: post('finance/exportXls', P.financeReportExport, s.financeQuerySchema, file),
  saleOrder: post('saleOrder/query', P.saleOrderReport, s.saleOrderQuerySchema, s.saleOrderResultSchema),
  saleOrderExport: post('saleOrder/exportXls', P.saleOrderReportExport, s.saleOrderQuerySchema, file),
  saleSummary: post('saleSummary/query', P.saleSummaryReport, s.saleSummaryQuerySchema, s.saleSummaryResultSchema),
  saleSummaryDrill: post('saleSummary/drill', P.saleSummaryReport, s.saleSummaryDrillSchema, s.drillPageSchema),
  saleSummaryExport: post('saleSummary/exportXls', P.saleSummaryReportExport, s.saleSummaryQuerySchema, file),
  orderServe: post('orderServe/query', P.orderServeReport, s.orderServeQuerySchema, s.orderServeResultSchema),
  orderServeDrill: post('orderServe/drill', P.orderServeReport, s.orderServeDrillSchema, s.drillPageSchema),
  orderServeExport: post('orderServe/exportXls', P.orderServeReportExport, s.orderServeQuerySchema, file),
  serveSummary: post('serveSummary/query', P.serveSummaryReport, s.serveSummaryQuerySchema, s.serveSummaryResultSchema),
  serveSummaryDrill: post('serveSummary/drill', P.serveSummaryReport, s.serveSummaryDrillSchema, s.drillPageSchema),
  serveSummaryExport: post('serveSummary/exportXls', P.serveSummaryReportExport, s.serveSummaryQuerySchema, file),
  waitingMoveIn: post('waitingMoveIn/query', P.waitingMoveInReport, s.waitingMoveInQuerySchema, s.waitingMoveInResultSchema),
  waitingMoveInDrill: post('waitingMoveIn/drill', P.waitingMoveInReport, s.orderDrillSchema, s.drillPageSchema),
  waitingMoveInExport: post('waitingMoveIn/exportXls', P.waitingMoveInReportExport, s.waitingMoveInQuerySchema, file),
  monthlyNurse: post('monthlyNurse/query', P.monthlyNurseReport, s.monthlyNurseQuerySchema, s.monthlyNurseResultSchema),
  monthlyNurseDrill: post('monthlyNurse/drill', P.monthlyNurseReport, s.nurseDrillSchema, s.drillPageSchema),
  monthlyNurseExport: post('monthlyNurse/exportXls', P.monthlyNurseReportExport, s.monthlyNurseQuerySchema, file),
};
