import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** service_order_status: pending 待派工, dispatched 已派工, in_service 服务中, completed 已完成, cancelled 已取消. */
export const SERVICE_ORDER_STATUSES = enumValues('service_order_status');
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number];

export function serviceOrderStatusLabel(status: ServiceOrderStatus): string {
  return DictEnums.service_order_status.items.find((i) => i.value === status)?.label ?? status;
}

export const SERVICE_ORDER_EVENTS = ['dispatch', 'start', 'complete', 'cancel'] as const;
export type ServiceOrderEvent = (typeof SERVICE_ORDER_EVENTS)[number];

export const SERVICE_ORDER_EVENT_LABELS: Record<ServiceOrderEvent, string> = {
  dispatch: '派工',
  start: '开始服务',
  complete: '完成服务',
  cancel: '取消',
};

// DOMAIN.md: 待派工 → 已派工 (executor set) → 服务中 → 已完成; 已取消 from any open state. A
// dispatched one may be dispatched again (another executor) until it starts.
export const serviceOrderMachine = defineStateMachine<ServiceOrderStatus, ServiceOrderEvent>({
  subject: '服务单',
  stateLabel: serviceOrderStatusLabel,
  events: SERVICE_ORDER_EVENT_LABELS,
  moves: {
    dispatch: { pending: 'dispatched', dispatched: 'dispatched' },
    start: { dispatched: 'in_service' },
    complete: { in_service: 'completed' },
    cancel: { pending: 'cancelled', dispatched: 'cancelled', in_service: 'cancelled' },
  },
});
