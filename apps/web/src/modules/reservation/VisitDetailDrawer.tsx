import { Descriptions, Drawer, Result, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reservationContract, type Reservation } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { toMinute } from '../../components/crm/date-field';
import { useVisitActions, visitQueryKey } from './VisitActions';
import { VisitStatusTag } from './VisitStatusTag';
import { VisitText } from './visit-text';

interface VisitDetailDrawerProps {
  /** The visit to show (as the list or calendar has it); null keeps the drawer closed. */
  visit: Reservation | null;
  onClose: () => void;
  /** After an action changed the visit. */
  onChanged?: (visit: Reservation) => void;
}

/** 预约详情: every field of one visit, read fresh, with the same actions as the list's rows. */
export function VisitDetailDrawer({ visit, onClose, onChanged }: VisitDetailDrawerProps) {
  const { request } = useServices();
  const id = visit?.id ?? '';
  const detail = useQuery({
    queryKey: [...visitQueryKey, 'detail', id],
    queryFn: () => request.call(reservationContract.queryById, { id }),
    enabled: visit !== null,
  });
  const actions = useVisitActions((saved) => onChanged?.(saved));
  const shown = detail.data ?? visit;

  return (
    <Drawer open={visit !== null} title={VisitText.detailTitle} onClose={onClose} width={520} destroyOnHidden className="visit-detail-drawer">
      {detail.isError && !shown ? (
        <Result status="warning" title={VisitText.detailTitle} />
      ) : !shown ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered className="visit-detail" labelStyle={{ width: 110 }}>
            <Descriptions.Item label={VisitText.reservationNo}>{shown.reservationNo}</Descriptions.Item>
            <Descriptions.Item label={VisitText.status}>
              <VisitStatusTag status={shown.status} />
            </Descriptions.Item>
            <Descriptions.Item label={VisitText.subject}>
              <span className="visit-detail-name">{shown.subjectName ?? '-'}</span>{' '}
              <Tag bordered={false}>{shown.leadId ? VisitText.subjectKindLead : VisitText.subjectKindCustomer}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={VisitText.subjectPhone}>{shown.subjectPhone ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={VisitText.store}>{shown.storeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={VisitText.at}>
              <span className="visit-detail-at">{toMinute(shown.at)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={VisitText.visitors}>
              {shown.visitors} {VisitText.visitorsSuffix}
            </Descriptions.Item>
            <Descriptions.Item label={VisitText.consultant}>{shown.ownerName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={VisitText.receptionist}>{shown.receptionistName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={VisitText.remark}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{shown.remark || '-'}</span>
            </Descriptions.Item>
            {shown.closedAt && <Descriptions.Item label={VisitText.closedAt}>{toMinute(shown.closedAt)}</Descriptions.Item>}
            {shown.status === 'cancelled' && (
              <Descriptions.Item label={VisitText.cancelReason}>
                <span className="visit-detail-cancel-reason">{shown.cancelReason || '-'}</span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={VisitText.createdAt}>{toMinute(shown.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16 }}>{actions.render(shown)}</div>
        </>
      )}
      {actions.modals}
    </Drawer>
  );
}
