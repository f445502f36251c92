import { defineStateMachine } from '../resource/state-machine.js';
import { customerStatusLabel, type CustomerStatus } from './customer.schema.js';

/**
 * What moves a customer's status (DOMAIN.md "Customer status"): only the transactions do, never an
 * edit. 意向客户 → 已签合同未审核 → 已签合同未入住 → 已订房 → 已入住 → 已退房未结账 → 已退房已结账.
 */
export type CustomerEvent = 'contractSaved' | 'contractAudited' | 'roomBooked' | 'roomReleased' | 'checkIn' | 'checkOut' | 'settle' | 'contractVoided' | 'lose';

export const CUSTOMER_EVENT_LABELS: Record<CustomerEvent, string> = {
  contractSaved: '保存合同',
  contractAudited: '审核合同',
  roomBooked: '排房',
  roomReleased: '取消排房',
  checkIn: '入住',
  checkOut: '退房',
  settle: '结账',
  contractVoided: '作废合同',
  lose: '标记流失',
};

// A returning customer (已退房已结账) or a walk-in may sign again; a room is assigned after the
// contract is audited; voiding the contract before check-in returns her to 意向客户.
export const customerMachine = defineStateMachine<CustomerStatus, CustomerEvent>({
  subject: '客户',
  stateLabel: customerStatusLabel,
  events: CUSTOMER_EVENT_LABELS,
  moves: {
    contractSaved: { intention: 'contract_unaudited', walk_in: 'contract_unaudited', lost: 'contract_unaudited', checked_out_settled: 'contract_unaudited' },
    contractAudited: { contract_unaudited: 'contract_audited' },
    roomBooked: { contract_audited: 'room_booked' },
    roomReleased: { room_booked: 'contract_audited' },
    checkIn: { room_booked: 'checked_in' },
    checkOut: { checked_in: 'checked_out_unsettled' },
    settle: { checked_out_unsettled: 'checked_out_settled' },
    contractVoided: { contract_unaudited: 'intention', contract_audited: 'intention', room_booked: 'intention' },
    lose: { intention: 'lost' },
  },
});
