import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Statistic, Table, Tag, Typography, type TableColumnsType, type TabsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { customerTradeContract, formatMoney, type CustomerTrade, type CustomerTradePart } from '@care/shared';
import { toMinute } from '../../components/crm';
import { DictTag } from '../../components/dict/DictTag';
import { useServices } from '../../lib/useServices';
import { CustomerTradeText as T } from './customer-trade-text';
import { OrderNoLink } from './OrderNoLink';

type Part = keyof Omit<CustomerTrade, 'money'>;
type TabItem = NonNullable<TabsProps['items']>[number];

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);
const yuan = (value: string | null) => (value === null ? '-' : `¥${formatMoney(value, { thousands: true })}`);
const money = (value: string) => <span className="money">{formatMoney(value, { thousands: true })}</span>;
const dictTag = (code: string) => (value: unknown) => <DictTag code={code} value={value} />;

/** The customer's transactions (404 outside the caller's rules is the page's own state, so quiet here). */
export function useCustomerTrade(customerId: string) {
  const { request } = useServices();
  return useQuery({
    queryKey: ['crm', 'customerTrade', customerId],
    queryFn: () => request.call(customerTradeContract, { id: customerId }, { quietNotFound: true }),
  });
}

/** 金额汇总: the figures the caller may see (a part without its list action shows none). */
export function TradeMoneySummary({ trade }: { trade: CustomerTrade }) {
  const figures: [string, string | null, string?][] = [
    [T.contractAmount, trade.money.contractAmount],
    [T.receivable, trade.money.receivable],
    [T.received, trade.money.received, '#389e0d'],
    [T.outstanding, trade.money.outstanding, '#d46b08'],
    [T.overdue, trade.money.overdue, '#cf1322'],
  ];
  const shown = figures.filter(([, value]) => value !== null);
  if (shown.length === 0) return null;
  return (
    <Card title={T.moneyTitle} size="small" className="customer-trade-money">
      <Row gutter={[16, 8]}>
        {shown.map(([title, value, color]) => (
          <Col key={title} xs={12} md={8} lg={4}>
            <Statistic title={title} value={yuan(value)} valueStyle={{ fontSize: 20, color }} data-figure={title} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The trade tabs of the parts the caller may query (订房预约 … 变更单), each with its count. */
export function tradeTabs(trade: CustomerTrade): TabItem[] {
  const tab = <R extends { id: string }>(key: Part, label: string, className: string, part: { records: R[]; total: number } | null, columns: TableColumnsType<R>): TabItem[] =>
    part ? [{ key, label: `${label}（${part.total}）`, children: <PartTable label={label} className={className} part={part} columns={columns} /> }] : [];
  return [
    ...tab('holds', T.holdsTab, 'customer-holds', trade.holds, holdColumns),
    ...tab('orders', T.ordersTab, 'customer-orders', trade.orders, orderColumns),
    ...tab('contracts', T.contractsTab, 'customer-contracts', trade.contracts, contractColumns),
    ...tab('receivables', T.receivablesTab, 'customer-receivables', trade.receivables, receivableColumns),
    ...tab('payments', T.paymentsTab, 'customer-payments', trade.payments, paymentColumns),
    ...tab('services', T.servicesTab, 'customer-services', trade.services, serviceColumns),
    ...tab('changeOrders', T.changeOrdersTab, 'customer-change-orders', trade.changeOrders, changeOrderColumns),
  ];
}

/** The transactions failed to load: said above the tabs, with a retry (the profile tabs still work). */
export function TradeLoadFailed({ retry }: { retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      className="customer-trade-error"
      message={T.loadFailed}
      action={
        <Button size="small" onClick={retry}>
          {T.retry}
        </Button>
      }
    />
  );
}

function PartTable<R extends { id: string }>({ label, className, part, columns }: { label: string; className: string; part: { records: R[]; total: number }; columns: TableColumnsType<R> }): ReactNode {
  return (
    <>
      {part.total > part.records.length && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {T.capped(part.records.length, part.total)}
        </Typography.Text>
      )}
      <Table<R>
        rowKey="id"
        size="small"
        className={className}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={part.records}
        columns={columns}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty(label)} /> }}
      />
    </>
  );
}

const orderNo = (no: string | null) => (no ? <OrderNoLink orderNo={no} /> : '-');

const holdColumns: TableColumnsType<CustomerTradePart<'holds'>> = [
  { title: T.reservationNo, dataIndex: 'reservationNo' },
  { title: T.status, dataIndex: 'status', render: dictTag('room_hold_status') },
  { title: T.store, dataIndex: 'storeName', render: dash },
  { title: T.plannedCheckIn, dataIndex: 'plannedCheckIn' },
  { title: T.days, dataIndex: 'days' },
  { title: T.roomType, dataIndex: 'roomTypeName', render: dash },
  { title: T.room, dataIndex: 'roomNo', render: dash },
  { title: T.deposit, dataIndex: 'depositAmount', align: 'right', render: money },
  { title: T.createdAt, dataIndex: 'createdAt', render: (v: string) => toMinute(v) },
];

const orderColumns: TableColumnsType<CustomerTradePart<'orders'>> = [
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, o) => orderNo(o.orderNo) },
  { title: T.status, dataIndex: 'status', render: dictTag('order_status') },
  { title: T.product, dataIndex: 'productName', render: dash },
  { title: T.store, dataIndex: 'storeName', render: dash },
  { title: T.days, dataIndex: 'days' },
  { title: T.plannedCheckIn, dataIndex: 'plannedCheckIn', render: dash },
  { title: T.plannedCheckOut, dataIndex: 'plannedCheckOut', render: dash },
  { title: T.dealPrice, dataIndex: 'dealPrice', align: 'right', render: money },
  { title: T.consultant, dataIndex: 'consultantName', render: dash },
  { title: T.createdAt, dataIndex: 'createdOn', render: (v: string | null) => toMinute(v) },
];

const contractColumns: TableColumnsType<CustomerTradePart<'contracts'>> = [
  { title: T.contractNo, dataIndex: 'contractNo' },
  { title: T.status, dataIndex: 'status', render: dictTag('contract_status') },
  { title: T.contractType, dataIndex: 'type', render: dictTag('contract_type') },
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, c) => orderNo(c.orderNo) },
  { title: T.amount, dataIndex: 'amount', align: 'right', render: money },
  { title: T.signedAt, dataIndex: 'signedAt', render: (v: string | null) => toMinute(v) },
  { title: T.createdAt, dataIndex: 'createdTime', render: (v: string) => toMinute(v) },
];

const receivableColumns: TableColumnsType<CustomerTradePart<'receivables'>> = [
  { title: T.item, dataIndex: 'item', render: dictTag('receivable_item') },
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, r) => orderNo(r.orderNo) },
  { title: T.dueDate, dataIndex: 'dueDate', render: (_, r) => (r.dueBeforeCheckIn ? `${r.dueDate}（${T.beforeCheckIn}）` : r.dueDate) },
  { title: T.amount, dataIndex: 'amount', align: 'right', render: money },
  { title: T.receivedAmount, dataIndex: 'received', align: 'right', render: money },
  { title: T.outstandingAmount, dataIndex: 'outstanding', align: 'right', render: money },
  {
    title: T.status,
    dataIndex: 'status',
    render: (_, r) => (
      <>
        <DictTag code="receivable_status" value={r.status} />
        {r.overdue && (
          <Tag color="red" style={{ marginInlineStart: 4 }}>
            {T.overdueTag}
          </Tag>
        )}
      </>
    ),
  },
];

const paymentColumns: TableColumnsType<CustomerTradePart<'payments'>> = [
  {
    title: T.paymentNo,
    dataIndex: 'paymentNo',
    render: (_, p) => {
      // A negative payment is a reversal of another, or a refund.
      const kind = p.isReversal ? T.reversal : p.amount.startsWith('-') ? T.refund : null;
      return kind ? (
        <>
          {p.paymentNo} <Tag>{kind}</Tag>
        </>
      ) : (
        p.paymentNo
      );
    },
  },
  { title: T.status, dataIndex: 'status', render: dictTag('payment_status') },
  { title: T.method, dataIndex: 'method', render: dictTag('payment_method') },
  { title: T.amount, dataIndex: 'amount', align: 'right', render: money },
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, p) => orderNo(p.orderNo) },
  { title: T.paidAt, dataIndex: 'paidAt', render: (v: string) => toMinute(v) },
  { title: T.payer, dataIndex: 'payer', render: dash },
];

const serviceColumns: TableColumnsType<CustomerTradePart<'services'>> = [
  { title: T.serviceNo, dataIndex: 'serviceNo' },
  { title: T.status, dataIndex: 'status', render: dictTag('service_order_status') },
  { title: T.serviceItem, dataIndex: 'serviceItem', render: dictTag('service_item') },
  { title: T.subject, dataIndex: 'subject', render: (_, s) => (s.babyName ? `${s.babyName}` : <DictTag code="service_subject" value={s.subject} />) },
  { title: T.source, dataIndex: 'source', render: dictTag('service_source') },
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, s) => orderNo(s.orderNo) },
  { title: T.scheduledAt, dataIndex: 'scheduledAt', render: (v: string) => toMinute(v) },
  { title: T.executor, dataIndex: 'executorName', render: dash },
  { title: T.completedAt, dataIndex: 'completedAt', render: (v: string | null) => toMinute(v) },
];

const changeOrderColumns: TableColumnsType<CustomerTradePart<'changeOrders'>> = [
  { title: T.changeNo, dataIndex: 'changeNo' },
  { title: T.status, dataIndex: 'status', render: dictTag('change_order_status') },
  { title: T.kind, dataIndex: 'kind', render: dictTag('change_order_kind') },
  { title: T.orderNo, dataIndex: 'orderNo', render: (_, c) => orderNo(c.orderNo) },
  { title: T.amountDelta, dataIndex: 'amountDelta', align: 'right', render: money },
  { title: T.reason, dataIndex: 'reason', render: dash },
  { title: T.submittedAt, dataIndex: 'submittedAt', render: (v: string | null) => toMinute(v) },
];
