import { useState, type RefObject } from 'react';
import { Segmented, Tag, Typography } from 'antd';
import { CalendarOutlined, HomeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Permission, RESERVATION_EXPORT_PATH, reservationContract, type Reservation } from '@care/shared';
import { StoreSelect, toMinute } from '../../components/crm';
import { minuteColumn, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { DictSelect } from '../../components/dict/DictSelect';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { UserSelect } from '../../components/org/UserSelect';
import { useAuthorized } from '../../lib/authorized/index';
import { useVisitActions } from "./VisitActions";
import { VisitCalendar } from "./VisitCalendar";
import { VisitDetailDrawer } from "./VisitDetailDrawer";
import { VisitStatusTag } from "./VisitStatusTag";
import { VisitText } from "./visit-text";
import { HoldTable } from "./HoldTable";
import { HoldText } from "./hold-text";

type View = 'list' | 'calendar' | 'holds';

/** 预约 (/crm/reservation): the 参观 visits the caller may see, as a list or as a week/day calendar, and the 订房 holds. */
export function ReservationList() {
  const [view, setView] = useState<View>('list');
  const [opened, setOpened] = useState<Reservation | null>(null);
  const { table, reload } = useListReload();

  return (
    <div className="reservation-page">
      <Segmented<View>
        className="reservation-view-switch"
        style={{ marginBottom: 16 }}
        value={view}
        onChange={setView}
        options={[
          { value: 'list', label: VisitText.listView, icon: <UnorderedListOutlined /> },
          { value: 'calendar', label: VisitText.calendarView, icon: <CalendarOutlined /> },
          { value: 'holds', label: HoldText.tab, icon: <HomeOutlined /> },
        ]}
      />
      {view === 'list' && <ReservationTable table={table} onOpen={setOpened} />}
      {view === 'calendar' && <VisitCalendar onOpen={setOpened} />}
      {view === 'holds' && <HoldTable />}
      <VisitDetailDrawer visit={opened} onClose={() => setOpened(null)} onChanged={reload} />
    </div>
  );
}

function ReservationTable({ table, onOpen }: { table: RefObject<ActionType | undefined>; onOpen: (visit: Reservation) => void }) {
  const authorized = useAuthorized();
  // Picking a consultant or receptionist searches the company's users.
  const canPickUser = authorized(Permission.userList);
  const { reload } = useListReload(table);
  const actions = useVisitActions(reload);

  const columns: ProColumns<Reservation>[] = [
    {
      title: VisitText.subjectName,
      dataIndex: 'subjectName',
      fixed: 'left',
      render: (_, row) => (
        <span className="reservation-subject">
          <a onClick={() => onOpen(row)}>{row.subjectName ?? '-'}</a>{' '}
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            {row.leadId ? VisitText.subjectKindLead : VisitText.subjectKindCustomer}
          </Tag>
        </span>
      ),
    },
    { title: VisitText.subjectPhone, dataIndex: 'subjectPhone', fieldProps: { placeholder: '手机号开头' } },
    { title: VisitText.reservationNo, dataIndex: 'reservationNo', sorter: true, copyable: true },
    { title: VisitText.store, dataIndex: 'storeId', renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    {
      title: VisitText.at,
      dataIndex: 'at',
      sorter: true,
      defaultSortOrder: 'descend',
      search: false,
      render: (_, row) => <span className="reservation-at">{toMinute(row.at)}</span>,
    },
    rangeFilter<Reservation>(VisitText.visitDate, 'visitRange', 'dateFrom', 'dateTo'),
    { title: VisitText.visitors, dataIndex: 'visitors', search: false, align: 'right' },
    {
      title: VisitText.status,
      dataIndex: 'status',
      renderFormItem: () => <DictSelect code="visit_status" />,
      render: (_, row) => (
        <ReasonTip label={VisitText.cancelReason} reason={row.status === 'cancelled' ? row.cancelReason : null}>
          <VisitStatusTag status={row.status} />
        </ReasonTip>
      ),
    },
    {
      title: VisitText.consultant,
      dataIndex: 'ownerId',
      hideInSearch: !canPickUser,
      renderFormItem: () => <UserSelect />,
      render: (_, row) => row.ownerName ?? '-',
    },
    {
      title: VisitText.receptionist,
      dataIndex: 'receptionistId',
      hideInSearch: !canPickUser,
      renderFormItem: () => <UserSelect />,
      render: (_, row) => row.receptionistName ?? '-',
    },
    {
      title: VisitText.cancelReason,
      dataIndex: 'cancelReason',
      search: false,
      ellipsis: true,
      width: 160,
      render: (_, row) => <span className="reservation-cancel-reason">{row.cancelReason || '-'}</span>,
    },
    { title: VisitText.remark, dataIndex: 'remark', search: false, ellipsis: true, width: 180, render: (_, row) => row.remark || '-' },
    minuteColumn<Reservation>(VisitText.createdAt, 'createdAt'),
    rangeFilter<Reservation>(VisitText.createdAt, 'createdRange', 'createdFrom', 'createdTo'),
    {
      title: VisitText.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => actions.render(row),
    },
  ];

  return (
    <>
      <ListTable<Reservation>
        className="reservation-table"
        actionRef={table}
        contract={reservationContract.list}
        access={Permission.reservationList}
        noAccess={VisitText.noAccess}
        columns={columns}
        headerTitle={<Typography.Text strong>{VisitText.menuTitle}</Typography.Text>}
        exportXls={{ path: RESERVATION_EXPORT_PATH, name: VisitText.menuTitle, action: Permission.reservationExport, label: VisitText.export }}
      />
      {actions.modals}
    </>
  );
}
