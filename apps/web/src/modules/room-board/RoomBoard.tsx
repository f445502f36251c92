import { memo, useCallback, useMemo, useState, type DragEvent } from 'react';
import { Alert, Empty, Segmented, Select, Skeleton, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Permission, roomBoardContract, type RoomBoard as Board, type RoomBoardRoom, type RoomBoardStay, type RoomStatus } from '@care/shared';
import { useCrmOptions } from '../../components/crm';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { BoardActions, MoveStayModal, useBoardCall } from './BoardActions';
import { groupRooms, ROOM_STATUS_LEGEND, RoomBoardText as text, segmentColumns, statusColor, statusLabel, stayLine, stayNights } from './room-board-view';
import css from './RoomBoard.module.css';

// A stay's colour on the timeline: the room status it stands for.
const STAY_COLOUR: Record<RoomBoardStay['status'], RoomStatus> = { held: 'reserved', booked: 'reserved', in_house: 'occupied', ended: 'dirty', cancelled: 'free' };

/**
 * 房态图 (/room/board): a store's rooms by floor or room type in the status colours, today's counts and
 * occupancy, and a 30-day timeline. Cards and timeline rows are plain divs (no antd per room or day),
 * so 200 rooms × 30 days render in one pass.
 */
export function RoomBoard() {
  const { request } = useServices();
  const stores = useCrmOptions('store');
  const [chosenStore, setStore] = useState<string>();
  const storeId = chosenStore ?? stores.data?.[0]?.id;
  const [by, setBy] = useState<'floor' | 'type'>('floor');
  const [floor, setFloor] = useState<number>();
  const [roomTypeId, setRoomTypeId] = useState<string>();
  const board = useQuery({
    queryKey: ['roomBoard', storeId, floor, roomTypeId],
    queryFn: () => request.call(roomBoardContract.data, { storeId: storeId!, floor, roomTypeId }),
    enabled: Boolean(storeId),
    placeholderData: (previous) => previous,
  });
  const data = board.data;

  return (
    <div className={`${css.board} room-board`}>
      <div className={css.toolbar}>
        <Select
          className="room-board-store"
          style={{ width: 200 }}
          value={storeId}
          loading={stores.isLoading}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(id) => {
            setStore(id);
            setFloor(undefined);
            setRoomTypeId(undefined);
          }}
          aria-label={text.store}
          notFoundContent={text.noStore}
        />
        <Segmented className="room-board-by" value={by} onChange={(v) => setBy(v as 'floor' | 'type')} options={[{ value: 'floor', label: text.byFloor }, { value: 'type', label: text.byType }]} />
        <FilterSelect<number> name="floor" width={120} label={text.floor} value={floor} onChange={setFloor} options={(data?.floors ?? []).map((f) => ({ value: f, label: text.floorTitle(f) }))} />
        <FilterSelect<string> name="type" width={160} label={text.roomType} value={roomTypeId} onChange={setRoomTypeId} options={(data?.roomTypes ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      </div>
      {board.error ? <Alert type="error" message={text.loadFailed} /> : null}
      {!data ? (
        <Skeleton active />
      ) : (
        <BoardBody data={data} by={by} storeId={storeId!} reload={() => void board.refetch()} />
      )}
    </div>
  );
}

/** A clearable filter of the board (楼层, 房型); its choices come with the board's data. */
function FilterSelect<T extends string | number>(p: { name: string; width: number; label: string; value: T | undefined; onChange: (value: T | undefined) => void; options: { value: T; label: string }[] }) {
  return <Select<T> className={`room-board-${p.name}`} style={{ width: p.width }} allowClear placeholder={p.label} aria-label={p.label} value={p.value} onChange={p.onChange} options={p.options} />;
}

function BoardBody({ data, by, storeId, reload }: { data: Board; by: 'floor' | 'type'; storeId: string; reload: () => void }) {
  const mayMove = useAuthorized()(Permission.roomStayMove);
  const call = useBoardCall(reload);
  const [selected, setSelected] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ stay: RoomBoardStay; from: RoomBoardRoom; to: RoomBoardRoom } | null>(null);
  const groups = useMemo(() => groupRooms(data.rooms, by), [data.rooms, by]);
  const chosen = data.rooms.find((r) => r.id === selected);
  const onMove = useCallback(
    (stayId: string, toRoomId: string) => {
      const from = data.rooms.find((r) => r.stays.some((s) => s.id === stayId));
      const to = data.rooms.find((r) => r.id === toRoomId);
      const stay = from?.stays.find((s) => s.id === stayId);
      if (from && to && stay && from.id !== to.id) setMoving({ stay, from, to });
    },
    [data.rooms],
  );
  return (
    <>
      <div className={`${css.stats} room-board-stats`}>
        <span className={css.stat}>
          {text.total} <b data-count="total">{data.total}</b>
        </span>
        <Tooltip title={text.occupancyHint}>
          <span className={css.stat}>
            {text.occupancy} <b data-count="occupancy">{data.occupancyRate}%</b>
          </span>
        </Tooltip>
        {ROOM_STATUS_LEGEND.map((l) => (
          <span key={l.value} className={`${css.stat} room-board-legend`} data-status={l.value}>
            <i className={css.swatch} style={{ background: l.color }} />
            {l.label} <b data-count={l.value}>{data.counts[l.value] ?? 0}</b>
          </span>
        ))}
      </div>
      {chosen ? <BoardActions room={chosen} storeId={storeId} today={data.today} reload={reload} onClose={() => setSelected(null)} /> : null}
      {moving ? <MoveStayModal moving={moving} fromDate={data.today} call={call} onClose={() => setMoving(null)} /> : null}
      <div className={`${css.section} room-board-cards`}>
        {groups.length === 0 ? <Empty description={text.noRooms} /> : null}
        {groups.map((g) => (
          <div key={g.key} className={`${css.group} room-board-group`} data-group={g.key}>
            <div className={css.groupTitle}>{g.title}</div>
            <div className={css.grid}>
              {g.rooms.map((room) => (
                <RoomCard key={room.id} room={room} today={data.today} selected={room.id === selected} onSelect={setSelected} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className={`${css.section} ${css.timelineSection} room-board-timeline`}>
        <div className={css.groupTitle}>{text.timeline}</div>
        <Timeline data={data} onMove={mayMove ? onMove : undefined} />
      </div>
    </>
  );
}

const RoomCard = memo(function RoomCard({ room, today, selected, onSelect }: { room: RoomBoardRoom; today: string; selected: boolean; onSelect: (id: string) => void }) {
  const color = statusColor(room.status);
  const stay = stayLine(room, today);
  return (
    <div
      className={`${css.card}${selected ? ` ${css.selected}` : ''} room-card`}
      data-room={room.roomNo}
      data-status={room.status}
      style={{ borderLeftColor: color, background: `${color}14` }}
      onClick={() => onSelect(room.id)}
    >
      <div className={css.roomNo}>
        <span>{room.roomNo}</span>
        <span style={{ color }}>{statusLabel(room.status)}</span>
      </div>
      <div className={css.muted}>{room.roomTypeName}</div>
      {stay ? (
        <div className="room-card-stay">
          {stay.customer} {stay.stayed} {stay.countdown ? <span className={css.countdown}>{stay.countdown}</span> : null}
        </div>
      ) : null}
    </div>
  );
});

const STAY_MIME = 'application/x-room-stay';

/**
 * Rooms × days: one grid row per room, its segments placed by grid columns over a CSS-drawn day grid.
 * With `onMove`, a booked or in-house stay is dragged onto another room's row (handlers on the grid, not per cell).
 */
const Timeline = memo(function Timeline({ data, onMove }: { data: Board; onMove?: (stayId: string, toRoomId: string) => void }) {
  const days = data.timeline.days;
  const rowOf = (e: DragEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-room-id]');
  return (
    <div
      className={css.timeline}
      onDragStart={(e) => {
        const id = (e.target as HTMLElement).dataset.stayId;
        if (id) e.dataTransfer.setData(STAY_MIME, id);
      }}
      onDragOver={(e) => {
        if (onMove && e.dataTransfer.types.includes(STAY_MIME) && rowOf(e)) e.preventDefault();
      }}
      onDrop={(e) => {
        const row = rowOf(e);
        const id = e.dataTransfer.getData(STAY_MIME);
        if (onMove && row?.dataset.roomId && id) {
          e.preventDefault();
          onMove(id, row.dataset.roomId);
        }
      }}
    >
      <div className={`${css.row} ${css.head}`}>
        <span />
        {days.map((d) => (
          <span key={d} className={d === data.today ? css.today : undefined}>
            {d.endsWith('-01') || d === days[0] ? d.slice(5) : d.slice(8)}
          </span>
        ))}
      </div>
      {data.rooms.map((room) => (
        <div key={room.id} className={`${css.row} room-timeline-row`} data-room={room.roomNo} data-room-id={room.id}>
          <span className={css.label}>{room.roomNo}</span>
          <span className={css.cells} />
          {room.segments.map((s) => {
            const at = segmentColumns(s, days);
            return at ? <span key={`${s.status}${s.from}`} className={css.segment} data-status={s.status} style={{ gridColumn: `${at.start + 1} / ${at.end + 1}`, background: statusColor(s.status) }} title={statusLabel(s.status)} /> : null;
          })}
          {room.stays.map((s) => {
            const at = segmentColumns(stayNights(s), days);
            const movable = Boolean(onMove && s.orderId && (s.status === 'booked' || s.status === 'in_house'));
            return at ? (
              <span
                key={s.id}
                className={`${css.segment} room-stay-segment`}
                data-stay-id={s.id}
                data-stay-status={s.status}
                draggable={movable}
                title={`${s.customerName} ${s.holderNo} ${s.checkIn} ~ ${s.plannedCheckOut}`}
                style={{ gridColumn: `${at.start + 1} / ${at.end + 1}`, background: statusColor(STAY_COLOUR[s.status]), cursor: movable ? 'grab' : undefined }}
              >
                {s.customerName}
              </span>
            ) : null;
          })}
        </div>
      ))}
    </div>
  );
});
