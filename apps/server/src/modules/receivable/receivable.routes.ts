import type { FastifyInstance } from 'fastify';
import { PAYMENT_KIND_LABELS, paymentContract, receivableContract, type PaymentRecord, type ReceivableRecord } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { LocalFileStorage } from '../../platform/storage.js';
import { dictLabeler } from '../dict/dict.service.js';
import * as payments from './payment.service.js';
import * as receivables from './receivable.actions.js';

const RECEIVABLE_STATUS = { unpaid: '未收', partial: '部分收款', paid: '已收清' } as const;
const PAYMENT_STATUS = { pending_audit: '待审核', audited: '已审核', rejected: '已驳回' } as const;
const AGING = { d0_30: '1–30天', d31_60: '31–60天', d61_90: '61–90天', d90_plus: '90天以上' } as const;

export function registerReceivableRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const storage = new LocalFileStorage(ctx.config.dataDir);
  const session = (request: Parameters<typeof requireSession>[0]) => requireSession(request);
  const r = receivableContract;
  registerContract(app, r.list, ({ body, request }) => receivables.listReceivables(db, session(request), body));
  registerContract(app, r.queryById, ({ body, request }) => receivables.getReceivable(db, session(request), body.id));
  registerContract(app, r.add, ({ body, request }) => receivables.addReceivable(db, session(request), body));
  registerContract(app, r.edit, ({ body, request }) => receivables.editReceivable(db, session(request), body));
  registerContract(app, r.delete, ({ body, request }) => receivables.deleteReceivable(db, session(request), body));
  registerContract(app, r.aging, ({ body, request }) => receivables.aging(db, session(request), body));
  registerContract(app, r.orders, ({ body, request }) => receivables.ordersWithReceivables(db, session(request), body));
  registerContract(app, r.ofOrder, ({ body, request }) => receivables.receivablesOfOrderInScope(db, session(request), body.orderId));
  registerContract(app, r.debtList, ({ body, request }) => receivables.debtList(db, session(request), body.orderId));
  registerContract(app, r.debtGrant, ({ body, request }) => receivables.grantDebt(db, session(request), body));
  registerContract(app, r.debtRevoke, ({ body, request }) => receivables.revokeDebt(db, session(request), body.id));
  registerExport<ReceivableRecord, Parameters<typeof receivables.exportReceivables>[2]>(
    app,
    r.exportXls,
    { label: '应收' },
    async (s, filters) => {
      const rows = await receivables.exportReceivables(db, s, filters);
      const item = await dictLabeler(db, 'receivable_item');
      return rows.map((row) => ({ ...row, item: item(row.item) }));
    },
    receivableColumns,
  );

  const p = paymentContract;
  registerContract(app, p.list, ({ body, request }) => payments.listPayments(db, session(request), body));
  registerContract(app, p.queryById, ({ body, request }) => payments.getPayment(db, session(request), body.id));
  registerContract(app, p.add, async ({ body, request }) => {
    const s = session(request);
    const { id } = await payments.recordPayment(db, storage, s, body);
    return payments.getPayment(db, s, id);
  });
  registerContract(app, p.audit, async ({ body, request }) => {
    await payments.auditPayment(db, session(request), body);
    return payments.getPayment(db, session(request), body.id);
  });
  registerContract(app, p.reject, async ({ body, request }) => {
    await payments.rejectPayment(db, session(request), body);
    return payments.getPayment(db, session(request), body.id);
  });
  registerContract(app, p.reverse, async ({ body, request }) => {
    const { id } = await payments.reversePayment(db, session(request), body);
    return payments.getPayment(db, session(request), id);
  });
  registerExport<PaymentRecord, Parameters<typeof payments.exportPayments>[2]>(
    app,
    p.exportXls,
    { label: '收款' },
    async (s, filters) => {
      const rows = await payments.exportPayments(db, s, filters);
      const method = await dictLabeler(db, 'payment_method');
      return rows.map((row) => ({ ...row, method: method(row.method) }));
    },
    paymentColumns,
  );
}

const text = (v: string | null | undefined) => v ?? '';

const receivableColumns: ExcelColumn<ReceivableRecord>[] = [
  { header: '门店', value: (r) => text(r.storeName) },
  { header: '订单号', value: (r) => text(r.orderNo) },
  { header: '客户', value: (r) => text(r.customerName) },
  { header: '应收项目', value: (r) => r.item },
  { header: '应收日期', value: (r) => r.dueDate },
  { header: '应收金额', value: (r) => r.amount },
  { header: '已收金额', value: (r) => r.received },
  { header: '未收金额', value: (r) => r.outstanding },
  { header: '待审核金额', value: (r) => r.pending },
  { header: '状态', value: (r) => RECEIVABLE_STATUS[r.status] },
  { header: '逾期天数', value: (r) => r.daysOverdue },
  { header: '账龄', value: (r) => (r.agingBucket ? AGING[r.agingBucket] : '') },
  { header: '入住前应收', value: (r) => (r.dueBeforeCheckIn ? '是' : '否') },
  { header: '备注', value: (r) => r.remark },
];

const paymentColumns: ExcelColumn<PaymentRecord>[] = [
  { header: '收款单号', value: (r) => r.paymentNo },
  { header: '类型', value: (r) => PAYMENT_KIND_LABELS[r.kind] },
  { header: '门店', value: (r) => text(r.storeName) },
  { header: '订单号', value: (r) => text(r.orderNo) },
  { header: '客户', value: (r) => text(r.customerName) },
  { header: '收款方式', value: (r) => r.method },
  { header: '金额', value: (r) => r.amount },
  { header: '预收/超额', value: (r) => r.unapplied },
  { header: '收款时间', value: (r) => r.paidAt },
  { header: '付款人', value: (r) => r.payer },
  { header: '银行流水号', value: (r) => r.bankRef },
  { header: '发票号', value: (r) => r.invoiceNo },
  { header: '状态', value: (r) => PAYMENT_STATUS[r.status] },
  { header: '冲销原单', value: (r) => text(r.reversalOfNo) },
  { header: '审核人', value: (r) => text(r.auditedBy) },
  { header: '审核时间', value: (r) => text(r.auditedAt) },
  { header: '驳回原因', value: (r) => text(r.rejectReason) },
  { header: '备注', value: (r) => r.remark },
  { header: '登记时间', value: (r) => r.createdAt },
];
