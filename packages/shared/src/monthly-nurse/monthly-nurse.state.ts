import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** nurse_status: active 在职, on_duty 上户中, resting 休息, left 离职. */
export const NURSE_STATUSES = enumValues('nurse_status');
export type NurseStatus = (typeof NURSE_STATUSES)[number];

export function nurseStatusLabel(status: NurseStatus): string {
  return DictEnums.nurse_status.items.find((i) => i.value === status)?.label ?? status;
}

/**
 * rest 休息, resume 在职 (back from 休息, or re-hired after 离职), resign 离职 — the 月嫂 page's actions;
 * startDuty / endDuty — 上户 and 下户, moved only by the 派工 module through `setNurseDuty`.
 */
export const NURSE_EVENTS = ['rest', 'resume', 'resign', 'startDuty', 'endDuty'] as const;
export type NurseEvent = (typeof NURSE_EVENTS)[number];

export const NURSE_EVENT_LABELS: Record<NurseEvent, string> = {
  rest: '设为休息',
  resume: '设为在职',
  resign: '设为离职',
  startDuty: '上户',
  endDuty: '下户',
};

/** The page's status actions (上户中 is never set by hand). */
export const NURSE_MANUAL_EVENTS = ['rest', 'resume', 'resign'] as const satisfies readonly NurseEvent[];
export type NurseManualEvent = (typeof NURSE_MANUAL_EVENTS)[number];

// 在职 ⇄ 休息, 在职/休息 → 离职 → 在职 (re-hired); 在职 ⇄ 上户中 only by 派工. A nurse 上户中 can neither
// rest nor leave until her job ends.
export const nurseMachine = defineStateMachine<NurseStatus, NurseEvent>({
  subject: '月嫂',
  stateLabel: nurseStatusLabel,
  events: NURSE_EVENT_LABELS,
  moves: {
    rest: { active: 'resting' },
    resume: { resting: 'active', left: 'active' },
    resign: { active: 'left', resting: 'left' },
    startDuty: { active: 'on_duty' },
    endDuty: { on_duty: 'active' },
  },
});

/** The refusal of a move, with the product's own words where a nurse is 上户中. */
export function nurseMoveRefusal(from: NurseStatus, event: NurseEvent): string | undefined {
  if (nurseMachine.can(from, event)) return undefined;
  if (from === 'on_duty' && event === 'resign') return '该月嫂正在上户中，不能设为离职，请先下户';
  if (from === 'on_duty' && event === 'rest') return '该月嫂正在上户中，不能设为休息，请先下户';
  const move = nurseMachine.move(from, event);
  return move.ok ? undefined : move.message;
}
