import { Drawer } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { roomContract, ROOM_EVENT_LABELS, type Room, type RoomEvent, type RoomStatusLog } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';
import { DictTag } from '../../components/dict/DictTag';
import { RoomPageText as text } from './room-text';

const columns: ProColumns<RoomStatusLog>[] = [
  { title: text.changedAt, dataIndex: 'changedAt', width: 170 },
  { title: text.event, dataIndex: 'event', render: (_, row) => ROOM_EVENT_LABELS[row.event as RoomEvent] ?? row.event },
  { title: text.fromState, dataIndex: 'fromState', render: (_, row) => <DictTag code="room_status" value={row.fromState} /> },
  { title: text.toState, dataIndex: 'toState', render: (_, row) => <DictTag code="room_status" value={row.toState} /> },
  { title: text.reason, dataIndex: 'reason', ellipsis: true },
  { title: text.changedBy, dataIndex: 'changedBy' },
];

/** 状态记录: who moved the room from what to what, when and why (newest first). */
export function RoomStatusLogDrawer({ room, onClose }: { room: Room | null; onClose: () => void }) {
  return (
    <Drawer open={room !== null} onClose={onClose} width={760} title={room ? text.statusLogOf(room.roomNo) : text.statusLog} destroyOnHidden>
      {room && (
        <ListTable<RoomStatusLog>
          className="room-status-log-table"
          columns={columns}
          params={{ id: room.id }}
          contract={roomContract.statusLog}
          search={false}
          options={false}
          pagination={{ defaultPageSize: 20 }}
          scroll={undefined}
        />
      )}
    </Drawer>
  );
}
