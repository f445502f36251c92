/** The refusals and notices of 月嫂派工. */
export const NurseAssignmentText = {
  overlap: (no: string) => `该月嫂在所选日期已有派工「${no}」`,
  nurseMissing: '月嫂不存在',
  nurseUnavailable: (name: string, status: string) => `月嫂「${name}」当前为「${status}」，不能派工`,
  orderMissing: '订单不存在或不在您的数据范围内',
  customerMissing: '客户不存在或不在您的数据范围内',
  orderNotServable: (status: string) => `订单当前状态为「${status}」，只有已确认或已入住的订单可以派工`,
  startInFuture: '实际上户日期不能晚于今天',
  endInFuture: '实际下户日期不能晚于今天',
  swapInFuture: '换人日期不能晚于今天',
  swapNurseRequired: '请选择新的月嫂!',
  swapReasonTooLong: '换人原因不能超过500个字符',
  orderRequired: '请选择订单（无订单的派工仅限到家服务）',
  orderCustomer: '所选客户与订单的客户不一致',
  noStore: '客户没有所属门店，请先为客户指定门店',
  editOnlyPending: (status: string) => `派工单当前为「${status}」，只有待审核的派工单可以编辑`,
  actualEndBeforeStart: (start: string) => `实际下户日期不能早于实际上户日期（${start}）`,
  swapOnlyInService: (status: string) => `派工单当前为「${status}」，只有服务中的派工单可以换人`,
  swapSameNurse: '换人请选择另一位月嫂',
  swapDateOutside: (start: string, end: string) => `换人日期必须晚于上户日期（${start}）且早于计划下户日期（${end}）`,
  added: '新增派工成功',
  edited: '修改派工成功',
  audited: '审核通过',
  started: '上户成功',
  finished: '下户成功',
  cancelled: '派工已取消',
  swapped: '换人成功',
} as const;

/** 服务形式 (dictionary nurse_service_type). */
export const NURSE_SERVICE_FORMS = ['center', 'home', 'hospital'] as const;
export type NurseServiceForm = (typeof NURSE_SERVICE_FORMS)[number];
export const NURSE_SERVICE_FORM_LABELS: Record<NurseServiceForm, string> = { center: '会所', home: '到家', hospital: '医院陪护' };
export const nurseServiceFormLabel = (v: string): string => NURSE_SERVICE_FORM_LABELS[v as NurseServiceForm] ?? v;
