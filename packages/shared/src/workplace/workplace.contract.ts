import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** The kinds of work 工作台 and 任务 list: follow-ups due, then approvals waiting for the caller. */
export const WORK_TYPES = ['leadFollowUp', 'customerFollowUp', 'order', 'changeOrder', 'contract', 'payment', 'nurseAssignment', 'nurseSettlement'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const WorkTypeLabel: Record<WorkType, string> = {
  leadFollowUp: '线索跟进',
  customerFollowUp: '客户跟进',
  order: '订单折扣审批',
  changeOrder: '变更单审批',
  contract: '合同审核',
  payment: '收款审核',
  nurseAssignment: '派工审核',
  nurseSettlement: '月嫂结算审核',
};

/** The page each kind of work is done on. */
export const WorkTypePath: Record<WorkType, string> = {
  leadFollowUp: '/crm/lead',
  customerFollowUp: '/crm/customer',
  order: '/trade/order',
  changeOrder: '/trade/changeOrder',
  contract: '/trade/contract',
  payment: '/finance/payment',
  nurseAssignment: '/serve/nurseAssignment',
  nurseSettlement: '/finance/nurseSettlement',
};

export const isFollowUpType = (type: WorkType) => type === 'leadFollowUp' || type === 'customerFollowUp';

/** One piece of work: a follow-up due or a record waiting for the caller's approval. */
export const workItemSchema = z.object({
  type: z.enum(WORK_TYPES),
  id: z.string(),
  /** The record's number (订单号, 合同编号 …) or, for a follow-up, the lead number / customer name. */
  no: z.string(),
  /** Who it is about (customer, nurse, lead name). */
  title: z.string(),
  /** A short detail: amount, step, status. */
  detail: z.string(),
  /** When: the follow-up's time, or when the record was submitted (YYYY-MM-DD HH:mm). */
  at: z.string(),
  /** A follow-up whose time has passed. */
  overdue: z.boolean(),
  /** Where to act on it. */
  path: z.string(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

const stayRowSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  roomNo: z.string(),
  storeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** booked 待入住 · in_house 在住 · ended 已退房. */
  status: z.string(),
  /** Done already today (checked in / out). */
  done: z.boolean(),
});
export type WorkplaceStay = z.infer<typeof stayRowSchema>;

const workGroupSchema = z.object({ type: z.enum(WORK_TYPES), count: z.number(), rows: z.array(workItemSchema) });
export type WorkGroup = z.infer<typeof workGroupSchema>;

export const workplaceOverviewSchema = z.object({
  today: z.string(),
  /** Follow-ups due by the end of today (the caller's own leads and customers); null when the caller holds neither list. */
  followUps: z.object({ total: z.number(), overdue: z.number(), groups: z.array(workGroupSchema) }),
  /** Approvals waiting for an action the caller holds, one group per kind the caller may approve. */
  approvals: z.object({ total: z.number(), groups: z.array(workGroupSchema) }),
  /** Today's arrivals and departures in the caller's 住房安排 scope; null without 查询住房安排. */
  stays: z.object({ checkIns: z.array(stayRowSchema), checkOuts: z.array(stayRowSchema) }).nullable(),
});
export type WorkplaceOverview = z.infer<typeof workplaceOverviewSchema>;

export const workTaskQuerySchema = pageQuerySchema.extend({
  type: z.enum(WORK_TYPES, { message: '任务类型不正确' }).optional(),
});

export const workplaceContract = {
  overview: defineContract({
    method: 'POST',
    path: '/online/workplace/overview',
    access: 'authenticated',
    result: workplaceOverviewSchema,
  }),
  tasks: defineContract({
    method: 'POST',
    path: '/online/workplace/tasks',
    access: 'authenticated',
    body: workTaskQuerySchema,
    result: pageResultSchema(workItemSchema),
  }),
};

export const WorkplaceText = {
  stayStatus: { booked: '待入住', in_house: '在住', ended: '已退房' } as Record<string, string>,
} as const;
