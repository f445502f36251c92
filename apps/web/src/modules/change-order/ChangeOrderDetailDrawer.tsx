import { Descriptions, Drawer, Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { changeOrderContract, Permission, receivableContract, type ChangeOrder } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ChangeOrderPageText as text } from './change-order-text';
import { changeDetail } from './change-order-view';

/** 调整应收 of a 调账: the line's item, due date and present amount (for those who may read 应收). */
function AdjustedLine({ receivableId }: { receivableId: string }) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const line = useQuery({ queryKey: ['changeOrder', 'receivable', receivableId], queryFn: () => request.call(receivableContract.queryById, { id: receivableId }), enabled: authorized(Permission.receivableList) });
  if (!line.data) return <>-</>;
  return (
    <span className="change-order-adjusted-line">
      <DictTag code="receivable_item" value={line.data.item} /> {line.data.dueDate} {text.adjustNow(line.data.amount, line.data.received)}
    </span>
  );
}

/** 详情: the change order and its approval trail, oldest decision first. */
export function ChangeOrderDetailDrawer({ row, onClose }: { row: ChangeOrder | null; onClose: () => void }) {
  const { request } = useServices();
  const trail = useQuery({ queryKey: ['changeOrder', 'approvals', row?.id, row?.version], queryFn: () => request.call(changeOrderContract.approvals, { id: row!.id }), enabled: row !== null });
  return (
    <Drawer open={row !== null} onClose={onClose} width={640} title={row ? text.detailTitle(row.changeNo) : ''} destroyOnHidden className="change-order-detail">
      {row && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="订单">{row.orderNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="客户">{row.customerName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="门店">{row.storeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="变更类型"><DictTag code="change_order_kind" value={row.kind} /></Descriptions.Item>
            <Descriptions.Item label={text.detailCol} span={2}>{changeDetail(row) || '-'}</Descriptions.Item>
            {row.kind === 'adjust' && row.receivableId && (
              <Descriptions.Item label={text.adjustReceivable} span={2}>
                <AdjustedLine receivableId={row.receivableId} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label="变更金额">¥{row.amountDelta}</Descriptions.Item>
            {(row.kind === 'extend' || row.kind === 'upgrade') && (
              <>
                {/* The change order's own line: the order's deal stays as signed (docs/ledger.md). */}
                <Descriptions.Item label="变更参考价">¥{row.referenceDelta}</Descriptions.Item>
                <Descriptions.Item label="变更优惠">¥{row.discountDelta}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label="状态"><DictTag code="change_order_status" value={row.status} /></Descriptions.Item>
            <Descriptions.Item label="变更原因" span={2}>{row.reason || '-'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{row.submittedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="执行时间">{row.appliedAt ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {text.trail}
          </Typography.Title>
          {(trail.data ?? []).length === 0 ? (
            <Empty description={text.noTrail} />
          ) : (
            <Timeline
              className="change-order-trail"
              items={(trail.data ?? []).map((a) => ({
                color: a.decision === 'approved' ? 'green' : 'red',
                children: `${a.decidedAt} ${text.step(a.step)} ${a.approverName} ${a.decision === 'approved' ? text.approved : text.rejected}${a.comment ? `：${a.comment}` : ''}`,
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
