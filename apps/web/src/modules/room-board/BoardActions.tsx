import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { changeOrderContract, Permission, roomContract, roomHoldContract, roomMachine, roomStayContract, type Contract, type RoomBoardRoom, type RoomBoardStay, type RoomManualEvent } from '@care/shared';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { currentStay, RoomBoardText as text, statusLabel } from './room-board-view';

/** Calls a contract from the board, shows its success text and reloads the board; the error is answered to the caller. */
export function useBoardCall(reload: () => void) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  return async (contract: Contract, input: Record<string, unknown>) => {
    await request.call(contract, input as never);
    notice(contract);
    reload();
  };
}

const ROOM_MOVES: { event: RoomManualEvent; label: string }[] = [
  { event: 'markDirty', label: '脏房' },
  { event: 'clean', label: '清洁' },
  { event: 'repair', label: '维修' },
];

/** The selected room's actions, each behind its permission and a confirmation: 排房, 入住, 退房, 脏房/清洁/维修. */
export function BoardActions({ room, storeId, today, reload, onClose }: { room: RoomBoardRoom; storeId: string; today: string; reload: () => void; onClose: () => void }) {
  const may = useAuthorized();
  const call = useBoardCall(reload);
  const [assigning, setAssigning] = useState(false);
  const [repairing, setRepairing] = useState(false);
  const [extending, setExtending] = useState(false);
  const [holding, setHolding] = useState(false);
  const inService = room.status !== 'repair' && room.status !== 'disabled';
  const stay = currentStay(room, today);
  const who = stay ? `「${stay.customerName}」（${stay.holderNo}）` : '';
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  return (
    <>
      <Alert
        className="room-board-selected"
        type="info"
        message={`${room.roomNo} · ${room.roomTypeName} · ${statusLabel(room.status)}${stay ? ` · ${stay.customerName} ${stay.holderNo}` : ''}`}
        action={
          <Space size={4} wrap>
            {may(Permission.roomHoldAssign) && inService ? (
              <Button size="small" className="board-hold" onClick={() => setHolding(true)}>
                {text.hold}
              </Button>
            ) : null}
            {stay?.orderId && (stay.status === 'booked' || stay.status === 'in_house') && may(Permission.changeOrderAdd) ? (
              <Button size="small" className="board-extend" onClick={() => setExtending(true)}>
                {text.extend}
              </Button>
            ) : null}
            {may(Permission.roomStayAssign) && inService ? (
              <Button size="small" className="board-assign" onClick={() => setAssigning(true)}>
                {text.assign}
              </Button>
            ) : null}
            {stay?.orderId && stay.status === 'booked' && may(Permission.roomStayCheckIn) ? (
              <Popconfirm title={text.confirmCheckIn(room.roomNo, who)} onConfirm={() => quiet(call(roomStayContract.checkIn, { id: stay.id, version: stay.version }))}>
                <Button size="small" type="primary" className="board-check-in">
                  {text.checkIn}
                </Button>
              </Popconfirm>
            ) : null}
            {stay?.status === 'in_house' && may(Permission.roomStayCheckOut) ? (
              <Popconfirm title={text.confirmCheckOut(room.roomNo, who)} onConfirm={() => quiet(call(roomStayContract.checkOut, { id: stay.id, version: stay.version }))}>
                <Button size="small" className="board-check-out">
                  {text.checkOut}
                </Button>
              </Popconfirm>
            ) : null}
            {may(Permission.roomStatus)
              ? ROOM_MOVES.filter((m) => roomMachine.can(room.status, m.event)).map((m) =>
                  m.event === 'repair' ? (
                    <Button key={m.event} size="small" danger className="board-repair" onClick={() => setRepairing(true)}>
                      {m.label}
                    </Button>
                  ) : (
                    <Popconfirm key={m.event} title={text.confirmRoomMove(room.roomNo, m.label)} onConfirm={() => quiet(call(roomContract.changeStatus, { id: room.id, event: m.event }))}>
                      <Button size="small" className={`board-${m.event}`}>
                        {m.label}
                      </Button>
                    </Popconfirm>
                  ),
                )
              : null}
            {may(Permission.roomList) ? <Link to="/room/room">{text.changeStatus}</Link> : null}
          </Space>
        }
        closable
        onClose={onClose}
      />
      {assigning ? <AssignModal room={room} storeId={storeId} onClose={() => setAssigning(false)} call={call} /> : null}
      {repairing ? <RepairModal room={room} onClose={() => setRepairing(false)} call={call} /> : null}
      {extending && stay?.orderId ? <ExtendModal stay={stay} onClose={() => setExtending(false)} call={call} /> : null}
      {holding ? <HoldModal room={room} storeId={storeId} onClose={() => setHolding(false)} call={call} /> : null}
    </>
  );
}

type Call = ReturnType<typeof useBoardCall>;

/** 排房: one of the store's confirmed orders without a room, into this room for its planned nights. */
function AssignModal({ room, storeId, onClose, call }: { room: RoomBoardRoom; storeId: string; onClose: () => void; call: Call }) {
  const { request } = useServices();
  const [orderId, setOrderId] = useState<string>();
  const [error, setError] = useState<string>();
  const orders = useQuery({ queryKey: ['roomStayPending', storeId], queryFn: () => request.call(roomStayContract.pendingOrders, { storeId }) });
  return (
    <Modal
      open
      className="board-assign-modal"
      title={text.assignTitle(room.roomNo)}
      okButtonProps={{ disabled: !orderId }}
      onCancel={onClose}
      onOk={() =>
        call(roomStayContract.assign, { orderId, roomId: room.id }).then(onClose, (e: Error) => setError(e.message))
      }
    >
      <Select
        className="board-assign-order"
        style={{ width: '100%' }}
        placeholder={text.chooseOrder}
        loading={orders.isLoading}
        value={orderId}
        onChange={setOrderId}
        options={(orders.data ?? []).map((o) => ({ value: o.orderId, label: `${o.orderNo} ${o.customerName} ${o.plannedCheckIn} ~ ${o.plannedCheckOut}` }))}
        notFoundContent={text.noPendingOrders}
      />
      {error ? <Alert className="board-dialog-error" type="error" message={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}

/** 续住: a change order of the stay's order (the change-order module's contract); its approval extends the stay. */
function ExtendModal({ stay, onClose, call }: { stay: RoomBoardStay; onClose: () => void; call: Call }) {
  const [form] = Form.useForm<{ days: number; reason: string }>();
  const [error, setError] = useState<string>();
  return (
    <Modal
      open
      className="board-extend-modal"
      title={text.extendTitle(stay.customerName, stay.holderNo)}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then(
          ({ days, reason }) => call(changeOrderContract.add, { kind: 'extend', orderId: stay.orderId, days, reason: reason ?? '' }).then(onClose, (e: Error) => setError(e.message)),
          () => undefined,
        )
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="days" label={text.extendDays} rules={[{ required: true, message: '请输入续住天数!' }]}>
          <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={text.extendReason}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {error ? <Alert className="board-dialog-error" type="error" message={error} /> : null}
    </Modal>
  );
}

/** 订房: one of the store's 待排房 订房预约 (the room-hold module's) held in this room. */
function HoldModal({ room, storeId, onClose, call }: { room: RoomBoardRoom; storeId: string; onClose: () => void; call: Call }) {
  const { request } = useServices();
  const [holdId, setHoldId] = useState<string>();
  const [error, setError] = useState<string>();
  const holds = useQuery({ queryKey: ['roomHoldPending', storeId], queryFn: () => request.call(roomHoldContract.list, { storeId, status: 'pending', pageNo: 1, pageSize: 100 }) });
  const chosen = holds.data?.records.find((h) => h.id === holdId);
  return (
    <Modal
      open
      className="board-hold-modal"
      title={text.holdTitle(room.roomNo)}
      okButtonProps={{ disabled: !chosen }}
      onCancel={onClose}
      onOk={() => call(roomHoldContract.assign, { id: chosen?.id, version: chosen?.version, roomId: room.id }).then(onClose, (e: Error) => setError(e.message))}
    >
      <Select
        style={{ width: '100%' }}
        placeholder={text.chooseHold}
        loading={holds.isLoading}
        value={holdId}
        onChange={setHoldId}
        options={(holds.data?.records ?? []).map((h) => ({ value: h.id, label: `${h.reservationNo} ${h.customerName ?? ''} ${h.plannedCheckIn} ${h.days}天` }))}
        notFoundContent={text.noPendingHolds}
      />
      {error ? <Alert className="board-dialog-error" type="error" message={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}

function RepairModal({ room, onClose, call }: { room: RoomBoardRoom; onClose: () => void; call: Call }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      className="board-repair-modal"
      title={text.repairTitle(room.roomNo)}
      onCancel={onClose}
      onOk={() => form.validateFields().then(({ reason }) => call(roomContract.changeStatus, { id: room.id, event: 'repair', reason }).then(onClose), () => undefined)}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={text.repairReason} rules={[{ required: true, whitespace: true, message: '请输入维修原因!' }]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 换房 by dragging a stay onto another room's row: asked first; a double booking is refused in the dialog, naming the order in the way. */
export function MoveStayModal({ moving, fromDate, onClose, call }: { moving: { stay: RoomBoardStay; from: RoomBoardRoom; to: RoomBoardRoom }; fromDate: string; onClose: () => void; call: Call }) {
  const [error, setError] = useState<string>();
  const { stay, from, to } = moving;
  const since = stay.checkIn > fromDate ? stay.checkIn : fromDate;
  return (
    <Modal
      open
      className="board-move-modal"
      title={text.moveTitle}
      onCancel={onClose}
      onOk={() => call(roomStayContract.move, { id: stay.id, version: stay.version, toRoomId: to.id, fromDate: since }).then(onClose, (e: Error) => setError(e.message))}
    >
      <p>{text.confirmMove(stay.customerName, stay.holderNo, from.roomNo, to.roomNo, since)}</p>
      {error ? <Alert className="board-dialog-error" type="error" message={error} /> : null}
    </Modal>
  );
}
