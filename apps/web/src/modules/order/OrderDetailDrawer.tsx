import { Descriptions, Drawer, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ORDER_EVENT_LABELS, orderContract, type Order, type OrderEvent, type OrderLog, type OrderMoneyChange, type ProductSnapshot } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';
import { useServices } from '../../lib/useServices';
import { OrderPageText as text } from './order-text';

type Item = ProductSnapshot['items'][number];

const itemColumns = [
  { title: text.serviceItem, dataIndex: 'serviceItem', render: (v: string) => <DictTag code="service_item" value={v} /> },
  { title: text.quantity, dataIndex: 'quantity', render: (_: unknown, r: Item) => (r.onDemand ? text.onDemand : (r.quantity ?? '-')) },
  { title: text.validDays, dataIndex: 'validDays', render: (v: number | null) => v ?? '-' },
];

const logColumns = [
  { title: text.changedAt, dataIndex: 'changedAt', width: 170 },
  { title: text.event, dataIndex: 'event', render: (v: string) => ORDER_EVENT_LABELS[v as OrderEvent] ?? v },
  { title: text.fromState, dataIndex: 'fromState', render: (v: string) => <DictTag code="order_status" value={v} /> },
  { title: text.toState, dataIndex: 'toState', render: (v: string) => <DictTag code="order_status" value={v} /> },
  { title: text.reason, dataIndex: 'reason', ellipsis: true },
  { title: text.changedBy, dataIndex: 'changedBy' },
];

const yuan = (v: string | null | undefined) => (v === null || v === undefined ? '-' : `¥${v}`);
/** A due date moves dates; every other change moves money. */
const figure = (row: OrderMoneyChange, v: string | null) => (row.event === 'dueDate' ? (v ?? '-') : yuan(v));

const moneyColumns = [
  { title: text.changedAt, dataIndex: 'at', width: 160 },
  {
    title: text.moneyEvent,
    dataIndex: 'event',
    render: (_: unknown, r: OrderMoneyChange) => (
      <>
        {text.moneyEvents[r.event]}
        {r.changeKind ? <DictTag code="change_order_kind" value={r.changeKind} /> : null}
        {r.item ? <DictTag code="receivable_item" value={r.item} /> : null}
      </>
    ),
  },
  { title: text.moneyRef, dataIndex: 'ref', render: (v: string) => v || '-' },
  {
    title: text.moneyAmount,
    dataIndex: 'amount',
    // A 续住 / 升级 is a line of its own beside the signed deal: its reference and discount with its amount.
    render: (v: string | null, r: OrderMoneyChange) => (r.line ? `${yuan(v)}${text.changeLine(yuan(r.line.reference), yuan(r.line.discount))}` : yuan(v)),
  },
  { title: text.moneyBefore, dataIndex: 'before', render: (_: unknown, r: OrderMoneyChange) => figure(r, r.before) },
  { title: text.moneyAfter, dataIndex: 'after', render: (_: unknown, r: OrderMoneyChange) => figure(r, r.after) },
  { title: text.reason, dataIndex: 'reason', ellipsis: true },
  { title: text.moneyBy, dataIndex: 'by', render: (_: unknown, r: OrderMoneyChange) => (r.recordedBy ? `${r.by}（${text.recordedBy(r.recordedBy)}）` : r.by) },
];

/** 详情: the product as sold (snapshot and items), the prices, the money so far, every money change (资金变动) and the 状态记录. */
export function OrderDetailDrawer({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { request } = useServices();
  const detail = useQuery({
    queryKey: ['order', 'detail', order?.id, order?.version],
    queryFn: () => request.call(orderContract.detail, { id: order!.id }),
    enabled: order !== null,
  });
  const d = detail.data;
  return (
    <Drawer open={order !== null} onClose={onClose} width={820} title={order ? `${order.orderNo} · ${order.customerName ?? ''}` : ''} destroyOnHidden className="order-detail-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions title={text.snapshot} size="small" column={2} bordered>
            <Descriptions.Item label={text.productName}>{d.snapshot.name}</Descriptions.Item>
            <Descriptions.Item label={text.productCode}>{`${d.snapshot.code} · ${text.versionNo(d.versionNo)}`}</Descriptions.Item>
            <Descriptions.Item label="门店">{d.order.storeName}</Descriptions.Item>
            <Descriptions.Item label="房型">{d.order.roomTypeName ?? text.noRoomType}</Descriptions.Item>
            <Descriptions.Item label="天数">{d.order.days}</Descriptions.Item>
            <Descriptions.Item label="入住 / 退房">{`${d.order.plannedCheckIn ?? '-'} ~ ${d.order.plannedCheckOut ?? '-'}`}</Descriptions.Item>
            <Descriptions.Item label={text.listPrice}>{yuan(d.snapshot.listPrice)}</Descriptions.Item>
            <Descriptions.Item label="状态"><DictTag code="order_status" value={d.order.status} /></Descriptions.Item>
          </Descriptions>
          <Table<Item> className="order-items-table" style={{ marginTop: 12 }} size="small" rowKey="serviceItem" pagination={false} columns={itemColumns} dataSource={d.snapshot.items} />
          <Descriptions title={text.prices} size="small" column={2} bordered style={{ marginTop: 16 }}>
            <Descriptions.Item label="参考价">{yuan(d.order.referencePrice)}</Descriptions.Item>
            <Descriptions.Item label="底价">{yuan(d.order.floorPrice)}</Descriptions.Item>
            <Descriptions.Item label="成交价">{yuan(d.order.dealPrice)}</Descriptions.Item>
            <Descriptions.Item label="优惠金额">{yuan(d.order.discount)}</Descriptions.Item>
            <Descriptions.Item label="已转定金">{yuan(d.order.depositApplied)}</Descriptions.Item>
            <Descriptions.Item label={text.approval}>{d.order.approvedAt ? `${d.order.approvedAt} ${d.order.approvalRemark}` : d.order.approvalRemark || '-'}</Descriptions.Item>
          </Descriptions>
          <Descriptions title={text.money} size="small" column={3} bordered style={{ marginTop: 16 }} className="order-money">
            <Descriptions.Item label={text.amount}>{yuan(d.money.amount)}</Descriptions.Item>
            <Descriptions.Item label={text.received}>{yuan(d.money.received)}</Descriptions.Item>
            <Descriptions.Item label={text.outstanding}>{yuan(d.money.outstanding)}</Descriptions.Item>
            <Descriptions.Item label={text.outstandingBeforeCheckIn}>{yuan(d.money.outstandingBeforeCheckIn)}</Descriptions.Item>
            <Descriptions.Item label={text.paidIn}>{yuan(d.money.paidIn)}</Descriptions.Item>
          </Descriptions>
          <Table<OrderMoneyChange> className="order-money-log" style={{ marginTop: 16 }} title={() => text.moneyLog} size="small" rowKey="id" pagination={false} columns={moneyColumns} dataSource={d.moneyLog} />
          <Table<OrderLog> className="order-log-table" style={{ marginTop: 16 }} title={() => text.log} size="small" rowKey="id" pagination={false} columns={logColumns} dataSource={d.log} />
        </>
      )}
    </Drawer>
  );
}
