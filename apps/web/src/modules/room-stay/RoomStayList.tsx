import { Select, Tag } from 'antd';
import { roomStayContract as c, roomStayMachine, roomStayResource, ROOM_STAY_STATUS_LABELS, ROOM_STAY_STATUSES, type RoomStay } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { stayStatusColor, RoomStayPageText as text } from './room-stay-text';

const as = (row: unknown) => row as RoomStay;

/** 住房安排 (/room/stay): every order's and hold's stays by store, status and period; 入住, 退房, 结账 (only where it would succeed: the server's settleable) and 取消排房 from the row. */
export function RoomStayList() {
  return (
    <ResourceTable
      resource={roomStayResource}
      contracts={c}
      nameField="roomNo"
      columns={{
        storeId: { renderFormItem: () => <StoreSelect /> },
        status: {
          renderFormItem: () => <Select allowClear options={ROOM_STAY_STATUSES.map((s) => ({ value: s, label: ROOM_STAY_STATUS_LABELS[s] }))} />,
          render: (_, row) => <Tag color={stayStatusColor[as(row).status]}>{ROOM_STAY_STATUS_LABELS[as(row).status] ?? as(row).status}</Tag>,
        },
      }}
      extraColumns={[
        {
          title: text.period,
          dataIndex: 'period',
          valueType: 'dateRange',
          hideInTable: true,
          search: { transform: (v: [string, string]) => ({ from: v[0], to: v[1] }) },
        },
      ]}
      rowActions={(row, _reload, run) => {
        const stay = as(row);
        const who = `${stay.roomNo}「${stay.customerName}」`;
        return [
          { key: 'checkIn', label: text.checkIn, permission: c.checkIn.access, hidden: !stay.orderId || !roomStayMachine.can(stay.status, 'checkIn'), confirm: text.confirmCheckIn(who), onClick: () => run(c.checkIn, { id: stay.id, version: stay.version }) },
          { key: 'checkOut', label: text.checkOut, permission: c.checkOut.access, hidden: !roomStayMachine.can(stay.status, 'checkOut'), confirm: text.confirmCheckOut(who), onClick: () => run(c.checkOut, { id: stay.id, version: stay.version }) },
          { key: 'settle', label: text.settle, permission: c.settle.access, hidden: !stay.settleable, confirm: text.confirmSettle(stay.orderNo), onClick: () => run(c.settle, { id: stay.id }) },
          { key: 'unassign', label: text.unassign, danger: true, permission: c.unassign.access, hidden: !roomStayMachine.can(stay.status, 'cancel'), confirm: text.confirmUnassign(who), onClick: () => run(c.unassign, { id: stay.id, version: stay.version }) },
        ];
      }}
    />
  );
}

