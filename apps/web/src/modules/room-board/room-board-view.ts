import { addDays, DictEnums, stayProgress, type RoomBoardRoom, type RoomBoardSegment, type RoomBoardStay, type RoomStatus } from '@care/shared';

/** Texts of the 房态图. */
export const RoomBoardText = {
  store: '门店',
  byFloor: '按楼层',
  byType: '按房型',
  floor: '楼层',
  roomType: '房型',
  all: '全部',
  total: '房间总数',
  occupancy: '入住率',
  occupancyHint: '入住率 = (在住 + 预退房) / (房间总数 − 维修 − 停用)',
  timeline: '30天房态',
  floorTitle: (floor: number) => `${floor}楼`,
  stayed: (stayed: number, contract: number) => `已住${stayed}天/合同${contract}天`,
  changeStatus: '变更房态（房间列表）',
  noRooms: '暂无房间',
  noStore: '暂无门店',
  loadFailed: '房态图加载失败',
  assign: '排房',
  assignTitle: (roomNo: string) => `排房：${roomNo}`,
  chooseOrder: '选择待排房的订单',
  noPendingOrders: '暂无待排房的订单',
  checkIn: '入住',
  checkOut: '退房',
  confirmCheckIn: (roomNo: string, who: string) => `确定为${who}办理入住（${roomNo}）吗？`,
  confirmCheckOut: (roomNo: string, who: string) => `确定为${who}办理退房（${roomNo}）吗？退房后房间变为脏房。`,
  confirmRoomMove: (roomNo: string, label: string) => `确定将房间「${roomNo}」标记为${label}吗？`,
  repairTitle: (roomNo: string) => `维修：${roomNo}`,
  repairReason: '维修原因',
  moveTitle: '换房',
  extend: '续住',
  extendTitle: (customer: string, no: string) => `续住：${customer}（${no}）`,
  extendDays: '续住天数',
  extendReason: '变更原因',
  hold: '订房',
  holdTitle: (roomNo: string) => `订房：${roomNo}`,
  chooseHold: '选择待排房的订房预约',
  noPendingHolds: '暂无待排房的订房预约',
  confirmMove: (customer: string, no: string, from: string, to: string, since: string) => `确定将「${customer}」（${no}）自 ${since} 起从 ${from} 换到 ${to} 吗？`,
} as const;

// antd's preset colours of the room_status enum as plain CSS colours (cards and cells are plain divs).
const PRESET_HEX: Record<string, string> = {
  green: '#52c41a',
  blue: '#1677ff',
  red: '#f5222d',
  orange: '#fa8c16',
  gold: '#faad14',
  purple: '#722ed1',
  cyan: '#13c2c2',
  geekblue: '#2f54eb',
  magenta: '#eb2f96',
  volcano: '#fa541c',
  lime: '#a0d911',
  default: '#8c8c8c',
};

/** Each room status with its label and colour, in the enum's order (the legend). */
export const ROOM_STATUS_LEGEND = DictEnums.room_status.items.map((i) => ({ value: i.value as RoomStatus, label: i.label, color: PRESET_HEX[i.color ?? 'default'] ?? PRESET_HEX.default! }));
const legendOf = new Map(ROOM_STATUS_LEGEND.map((l) => [l.value, l]));
export const statusColor = (status: RoomStatus): string => legendOf.get(status)?.color ?? PRESET_HEX.default!;
export const statusLabel = (status: RoomStatus): string => legendOf.get(status)?.label ?? status;

/** The rooms in groups of one floor or one room type, in the board's order. */
export function groupRooms(rooms: readonly RoomBoardRoom[], by: 'floor' | 'type'): { key: string; title: string; rooms: RoomBoardRoom[] }[] {
  const groups = new Map<string, { key: string; title: string; rooms: RoomBoardRoom[] }>();
  for (const room of rooms) {
    const key = by === 'floor' ? String(room.floor) : room.roomTypeId;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, title: by === 'floor' ? RoomBoardText.floorTitle(room.floor) : room.roomTypeName, rooms: [] }));
    group.rooms.push(room);
  }
  return [...groups.values()];
}

/** What a room's card says of its stay (the guest in it, else tonight's, else the next): the customer, 已住N天/合同N天 and the check-out countdown. */
export function stayLine(room: RoomBoardRoom, today: string): { customer: string; stayed: string; countdown: string | null } | null {
  const stay = currentStay(room, today) ?? room.stays[0];
  if (!stay) return null;
  const p = stayProgress(stay, today);
  return { customer: stay.customerName, stayed: RoomBoardText.stayed(p.stayedDays, p.contractDays), countdown: p.countdown };
}

/** The stay the room holds today: the guest in it (even overdue), else the booking of tonight. */
export function currentStay(room: RoomBoardRoom, today: string): RoomBoardStay | undefined {
  return room.stays.find((s) => s.status === 'in_house') ?? room.stays.find((s) => s.checkIn <= today && today < s.plannedCheckOut);
}

/** A stay's nights on the timeline (its check-out day is the next guest's first night). */
export const stayNights = (s: Pick<RoomBoardStay, 'checkIn' | 'plannedCheckOut'>) => ({ from: s.checkIn, to: addDays(s.plannedCheckOut, -1) });

/** A segment's columns on the timeline (1-based, end exclusive), clipped to the window; null outside it. */
export function segmentColumns(segment: Pick<RoomBoardSegment, 'from' | 'to'>, days: readonly string[]): { start: number; end: number } | null {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last || segment.to < first || segment.from > last) return null;
  const start = segment.from <= first ? 0 : days.indexOf(segment.from);
  const end = segment.to >= last ? days.length - 1 : days.indexOf(segment.to);
  return { start: start + 1, end: end + 2 };
}
