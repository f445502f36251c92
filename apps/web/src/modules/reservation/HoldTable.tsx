import { useState } from 'react';
import { Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { Permission, ROOM_HOLD_EXPORT_PATH, roomHoldContract, roomHoldMachine, type RoomHold } from '@care/shared';
import { StoreSelect } from '../../components/crm';
import { AddButton, minuteColumn, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { HoldAddModal, HoldAssignModal, HoldCancelModal, HoldConvertModal } from './HoldDialogs';
import { HoldText } from './hold-text';

/** The 预约 page's 订房 tab: holds the caller may see, with 排房 / 转订单 / 取消 by their state. */
export function HoldTable() {
  const { table, reload } = useListReload();
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<RoomHold | null>(null);
  const [converting, setConverting] = useState<RoomHold | null>(null);
  const [cancelling, setCancelling] = useState<RoomHold | null>(null);

  const columns: ProColumns<RoomHold>[] = [
    { title: HoldText.customer, dataIndex: 'customerName', fixed: 'left', render: (_, row) => row.customerName ?? '-' },
    { title: HoldText.customerPhone, dataIndex: 'customerPhone', fieldProps: { placeholder: '手机号开头' } },
    { title: HoldText.reservationNo, dataIndex: 'reservationNo', sorter: true, copyable: true },
    { title: HoldText.store, dataIndex: 'storeId', renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    { title: HoldText.plannedCheckIn, dataIndex: 'plannedCheckIn', sorter: true, search: false },
    rangeFilter<RoomHold>(HoldText.checkInRange, 'checkInRange', 'checkInFrom', 'checkInTo'),
    { title: HoldText.days, dataIndex: 'days', search: false, align: 'right' },
    {
      title: HoldText.roomTypeOrRoom,
      dataIndex: 'roomNo',
      search: false,
      render: (_, row) => <span className="hold-room">{[row.roomTypeName, row.roomNo].filter(Boolean).join(' / ') || '-'}</span>,
    },
    { title: HoldText.deposit, dataIndex: 'depositAmount', search: false, align: 'right', render: (_, row) => (Number(row.depositAmount) > 0 ? row.depositAmount : '-') },
    {
      title: HoldText.status,
      dataIndex: 'status',
      renderFormItem: () => <DictSelect code="room_hold_status" />,
      render: (_, row) => (
        <ReasonTip label={HoldText.cancelReason} reason={row.status === 'cancelled' ? row.cancelReason : null}>
          <span className="hold-status" data-status={row.status}>
            <DictTag code="room_hold_status" value={row.status} />
          </span>
        </ReasonTip>
      ),
    },
    { title: HoldText.consultant, dataIndex: 'ownerName', search: false, render: (_, row) => row.ownerName ?? '-' },
    { title: HoldText.remark, dataIndex: 'remark', search: false, ellipsis: true, width: 160, render: (_, row) => row.remark || '-' },
    minuteColumn<RoomHold>(HoldText.createdAt, 'createdAt'),
    rangeFilter<RoomHold>(HoldText.createdRange, 'createdRange', 'createdFrom', 'createdTo'),
    {
      title: HoldText.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <span className="hold-actions">
          <RowActions
            actions={[
              { key: 'assign', label: HoldText.assign, permission: Permission.roomHoldAssign, hidden: !roomHoldMachine.can(row.status, 'assign'), onClick: () => setAssigning(row) },
              { key: 'convert', label: HoldText.convert, permission: Permission.roomHoldConvert, hidden: !roomHoldMachine.can(row.status, 'convert'), onClick: () => setConverting(row) },
              { key: 'cancel', label: HoldText.cancel, permission: Permission.roomHoldCancel, hidden: !roomHoldMachine.can(row.status, 'cancel'), danger: true, onClick: () => setCancelling(row) },
            ]}
          />
        </span>
      ),
    },
  ];

  return (
    <>
      <ListTable<RoomHold>
        className="hold-table"
        actionRef={table}
        contract={roomHoldContract.list}
        access={Permission.roomHoldList}
        noAccess={HoldText.noAccess}
        columns={columns}
        headerTitle={<Typography.Text strong>{HoldText.menuTitle}</Typography.Text>}
        buttons={[
          <AddButton key="add" action={Permission.roomHoldAdd} onAdd={() => setAdding(true)}>
            {HoldText.add}
          </AddButton>,
        ]}
        exportXls={{ path: ROOM_HOLD_EXPORT_PATH, name: HoldText.menuTitle, action: Permission.roomHoldExport, label: HoldText.export }}
      />
      <HoldAddModal open={adding} onClose={() => setAdding(false)} onDone={reload} />
      <HoldAssignModal hold={assigning} onClose={() => setAssigning(null)} onDone={reload} />
      <HoldConvertModal hold={converting} onClose={() => setConverting(null)} onDone={reload} />
      <HoldCancelModal hold={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
    </>
  );
}
