import type { FastifyInstance } from 'fastify';
import {
  AGING_COLUMNS,
  reportContract as c,
  ReportText as T,
  SALE_GROUP_LABELS,
  type Contract,
  type FinanceQuery,
  type MonthlyNurseQuery,
  type OrderServeQuery,
  type SaleOrderQuery,
  type SaleSummaryQuery,
  type ServeSummaryQuery,
  type WaitingMoveInQuery,
} from '@care/shared';
import { requireSession, type SessionInfo } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { sendXlsxDownload } from '../../platform/crud/register-crud.js';
import { toXlsxBook, type ExcelColumn, type ExcelSheet } from '../../platform/excel.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { registerContract } from '../../platform/http/register.js';
import { dictLabeler } from '../dict/dict.service.js';
import * as service from './report.service.js';

type Row = Record<string, string | number | null>;
type Sheet = ExcelSheet<Row>;
const col = (header: string, key: string): ExcelColumn<Row> => ({ header, value: (r) => r[key] ?? null });

/** The rows, then the totals row when its query answers (the sheet is written meanwhile). */
async function* thenTotals<T>(rows: Row[], totals: Promise<T>, totalsRow: (t: T) => Row): AsyncGenerator<Row> {
  yield* rows;
  yield totalsRow(await totals);
}

/** An export route: the report's figures for the body's filters, as `<名称><yyyyMMdd>.xlsx`. */
function registerReportExport<F>(app: FastifyInstance, contract: Contract, label: string, sheets: (session: SessionInfo, filters: F) => Promise<Sheet[]>): void {
  const config: RouteDeclaration = { access: contract.access };
  app.route({
    method: contract.method,
    url: contract.path,
    config,
    ...(contract.body ? { schema: { body: contract.body } } : {}),
    handler: async (request, reply) => sendXlsxDownload(reply, await toXlsxBook(await sheets(requireSession(request), request.body as F)), label),
  });
}

const moneyCols = (first: string) => [col(first, 'label'), col('收款（元）', 'received'), col('退款（元）', 'refunded'), col('净收款（元）', 'net'), col('笔数', 'payments')];

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const s = (request: Parameters<typeof requireSession>[0]) => requireSession(request);

  registerContract(app, c.finance, ({ body, request }) => service.financeReport(db, s(request), body));
  registerContract(app, c.financeDrill, ({ body, request }) => service.financeDrill(db, s(request), body));
  registerReportExport(app, c.financeExport, T.finance, async (session, q: FinanceQuery) => {
    const r = await service.financeReport(db, session, q);
    return [
      { name: '按收款方式', columns: moneyCols('收款方式'), rows: [...r.byMethod, r.totals] },
      { name: '按款项', columns: moneyCols('款项'), rows: [...r.byItem, r.totals] },
      { name: '按门店', columns: moneyCols('门店'), rows: [...r.byStore, r.totals] },
      { name: '应收账龄', columns: [col('门店', 'label'), col('未收合计（元）', 'outstanding'), ...AGING_COLUMNS.map((a) => col(`${a.label}（元）`, a.key))], rows: [...r.aging, r.agingTotals] },
    ];
  });

  registerContract(app, c.saleOrder, ({ body, request }) => service.saleOrderReport(db, s(request), body));
  registerReportExport(app, c.saleOrderExport, T.saleOrder, async (session, q: SaleOrderQuery) => {
    const [{ rows, totals }, status] = await Promise.all([service.saleOrderExport(db, session, q), dictLabeler(db, 'order_status')]);
    return [
      {
        name: T.saleOrder,
        columns: [col('订单编号', 'orderNo'), col('下单日期', 'day'), col('客户', 'customerName'), col('门店', 'storeName'), col('产品', 'productName'), col('顾问', 'consultantName'), col('渠道', 'channelName'), col('状态', 'status'), col('参考价（元）', 'referencePrice'), col('成交价（元）', 'dealPrice'), col('优惠（元）', 'discount')],
        rows: thenTotals(
          rows.map((r) => ({ ...r, status: status(r.status) })),
          totals,
          (t) => ({ orderNo: `${T.totalRow}（${t.orders}单）`, referencePrice: t.referenceTotal, dealPrice: t.dealTotal, discount: t.discountTotal }),
        ),
      },
    ];
  });

  registerContract(app, c.saleSummary, ({ body, request }) => service.saleSummaryReport(db, s(request), body));
  registerContract(app, c.saleSummaryDrill, ({ body, request }) => service.saleSummaryDrill(db, s(request), body));
  registerReportExport(app, c.saleSummaryExport, T.saleSummary, async (session, q: SaleSummaryQuery) => {
    const r = await service.saleSummaryReport(db, session, q);
    return [
      {
        name: T.saleSummary,
        columns: [col(SALE_GROUP_LABELS[q.groupBy], 'label'), col('订单数', 'orders'), col('参考价合计（元）', 'referenceTotal'), col('成交价合计（元）', 'dealTotal'), col('优惠合计（元）', 'discountTotal'), col('成交/参考（%）', 'dealRate')],
        rows: [...r.rows, r.totals],
      },
    ];
  });

  registerContract(app, c.orderServe, ({ body, request }) => service.orderServeReport(db, s(request), body));
  registerContract(app, c.orderServeDrill, ({ body, request }) => service.orderServeDrill(db, s(request), body));
  registerReportExport(app, c.orderServeExport, T.orderServe, async (session, q: OrderServeQuery) => {
    const [{ rows, totals }, item] = await Promise.all([service.orderServeExport(db, session, q), dictLabeler(db, 'service_item')]);
    return [
      {
        name: T.orderServe,
        columns: [col('订单编号', 'orderNo'), col('入住日期', 'checkInDay'), col('客户', 'customerName'), col('门店', 'storeName'), col('套餐', 'productName'), col('套餐内次数', 'packageAllowance'), col('套餐内已用', 'packageUsed'), col('加购次数', 'extraUsed'), col('服务项目明细', 'items')],
        rows: thenTotals(
          rows.map(({ items, ...r }) => ({ ...r, items: items.map((i) => `${item(i.serviceItem)} ${i.used}/${i.total ?? '按需'}`).join('；') })),
          totals,
          (t) => ({ orderNo: `${T.totalRow}（${t.orders}单）`, packageAllowance: t.packageAllowance, packageUsed: t.packageUsed, extraUsed: t.extraUsed }),
        ),
      },
    ];
  });

  registerContract(app, c.serveSummary, ({ body, request }) => service.serveSummaryReport(db, s(request), body));
  registerContract(app, c.serveSummaryDrill, ({ body, request }) => service.serveSummaryDrill(db, s(request), body));
  registerReportExport(app, c.serveSummaryExport, T.serveSummary, async (session, q: ServeSummaryQuery) => {
    const r = await service.serveSummaryReport(db, session, q);
    return [{ name: T.serveSummary, columns: [col('服务项目', 'label'), col('套餐内（次）', 'package'), col('加购（次）', 'extra'), col('合计（次）', 'completed')], rows: [...r.rows, r.totals] }];
  });

  registerContract(app, c.waitingMoveIn, ({ body, request }) => service.waitingMoveInReport(db, s(request), body));
  registerContract(app, c.waitingMoveInDrill, ({ body, request }) => service.waitingMoveInDrill(db, s(request), body));
  registerReportExport(app, c.waitingMoveInExport, T.waitingMoveIn, async (session, q: WaitingMoveInQuery) => {
    const { rows, totals: t } = await service.waitingMoveInExport(db, session, q);
    return [
      {
        name: T.waitingMoveIn,
        columns: [col('订单编号', 'orderNo'), col('客户', 'customerName'), col('门店', 'storeName'), col('套餐', 'productName'), col('计划入住', 'plannedCheckIn'), col('预产期', 'dueDate'), col('房间', 'roomNo'), col('成交价（元）', 'dealPrice'), col('欠款（元）', 'owed'), col('距入住（天）', 'daysLeft')],
        rows: [...rows, { orderNo: `${T.totalRow}（${t.orders}单）`, dealPrice: t.dealTotal, owed: t.owed }],
      },
    ];
  });

  registerContract(app, c.monthlyNurse, ({ body, request }) => service.monthlyNurseReport(db, s(request), body));
  registerContract(app, c.monthlyNurseDrill, ({ body, request }) => service.monthlyNurseDrill(db, s(request), body));
  registerReportExport(app, c.monthlyNurseExport, T.monthlyNurse, async (session, q: MonthlyNurseQuery) => {
    const { rows, totals: t } = await service.monthlyNurseExport(db, session, q);
    return [
      {
        name: T.monthlyNurse,
        columns: [col('月嫂编号', 'nurseNo'), col('姓名', 'name'), col('级别', 'level'), col('门店', 'storeName'), col('服务天数', 'daysServed'), col('可用天数', 'availableDays'), col('利用率（%）', 'utilisation'), col('收入（元）', 'earnings'), col('评分', 'rating'), col('评价数', 'ratingCount')],
        rows: [...rows, { nurseNo: `${T.totalRow}（${t.nurses}人）`, daysServed: t.daysServed, availableDays: t.availableDays, utilisation: t.utilisation, earnings: t.earnings }],
      },
    ];
  });
}
