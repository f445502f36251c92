import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { roomContract, roomMachine, roomResource, RoomText, ROOM_EVENT_LABELS, ROOM_EVENTS_WITH_REASON, ROOM_MANUAL_EVENTS, type Contract, type Room, type RoomManualEvent } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { RoomTypeSelect, StoreOwnedText } from '../room-type/RoomTypeSelect';
import { RoomPageText as text } from './room-text';
import { RoomStatusLogDrawer } from './RoomStatusLogDrawer';

const as = (row: unknown) => row as Room;

type Run = (contract: Contract, input: Record<string, unknown>) => void;

/** 房间 (/room/room): each store's rooms; 维修 / 停用 / 脏房 / 清洁 move the status (roomMachine), each change recorded. */
export function RoomList({ storeId }: { storeId?: string } = {}) {
  const [asking, setAsking] = useState<{ room: Room; event: RoomManualEvent; run: Run } | null>(null);
  const [logOf, setLogOf] = useState<Room | null>(null);
  return (
    <>
      <ResourceTable
        resource={roomResource}
        contracts={roomContract}
        nameField="roomNo"
        fixedFilters={storeId ? { storeId } : undefined}
        columns={{
          storeId: { hideInSearch: Boolean(storeId), renderFormItem: () => <StoreSelect /> },
          // A whole floor number only: the list filters the integer column by it.
          floor: { renderFormItem: () => <InputNumber min={1} max={200} precision={0} />, search: { transform: (floor: number) => ({ floor: String(floor) }) } },
          roomTypeId: { renderFormItem: () => <RoomTypeSelect /> },
          sort: { width: 80, align: undefined },
          remark: { search: false },
        }}
        form={{
          inputs: { storeId: <StoreSelect />, roomTypeId: <RoomTypeSelect /> },
          lockedOnEdit: ['storeId'],
          extra: { storeId: StoreOwnedText.storeFixed },
        }}
        rowActions={(row, _reload, run) => {
          const room = as(row);
          return [
            ...ROOM_MANUAL_EVENTS.map((event) => {
              const label = ROOM_EVENT_LABELS[event];
              const needsReason = ROOM_EVENTS_WITH_REASON.includes(event);
              return {
                key: event,
                label,
                permission: roomContract.changeStatus.access,
                hidden: !roomMachine.can(room.status, event),
                danger: needsReason,
                confirm: needsReason ? undefined : text.confirmMove(room.roomNo, label),
                onClick: () => (needsReason ? setAsking({ room, event, run }) : run(roomContract.changeStatus, { id: room.id, version: room.version, event })),
              };
            }),
            { key: 'statusLog', label: text.statusLog, permission: roomContract.statusLog.access, onClick: () => setLogOf(room) },
          ];
        }}
      />
      <ReasonModal asking={asking} onClose={() => setAsking(null)} />
      <RoomStatusLogDrawer room={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}

/** 维修 and 停用 say why: the reason is kept in the room's 状态记录. */
function ReasonModal({ asking, onClose }: { asking: { room: Room; event: RoomManualEvent; run: Run } | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const label = asking ? ROOM_EVENT_LABELS[asking.event] : '';
  return (
    <Modal
      open={asking !== null}
      title={asking ? text.reasonTitle(asking.room.roomNo, label) : ''}
      onCancel={onClose}
      destroyOnHidden
      className="room-reason-modal"
      // A failed check shows under the field; it is not an error of the page.
      onOk={() =>
        form.validateFields().then(({ reason }) => {
          if (!asking) return;
          asking.run(roomContract.changeStatus, { id: asking.room.id, version: asking.room.version, event: asking.event, reason });
          onClose();
        }, () => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={text.reasonLabel(label)} rules={[{ required: true, whitespace: true, message: RoomText.reasonRequired(label) }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={text.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
