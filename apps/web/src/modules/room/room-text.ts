/** Texts of the 房间 page. */
export const RoomPageText = {
  statusLog: '状态记录',
  statusLogOf: (roomNo: string) => `状态记录 - ${roomNo}`,
  confirmMove: (roomNo: string, event: string) => `确定对房间「${roomNo}」执行「${event}」吗？`,
  reasonTitle: (roomNo: string, event: string) => `${event} - 房间 ${roomNo}`,
  reasonLabel: (event: string) => `${event}原因`,
  reasonPlaceholder: '请输入原因',
  changedAt: '时间',
  event: '操作',
  fromState: '原状态',
  toState: '新状态',
  reason: '原因',
  changedBy: '操作人',
} as const;
