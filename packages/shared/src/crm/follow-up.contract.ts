import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { FollowUpPermission } from './follow-up.permissions.js';
import { crmIdSchema } from './common.js';
import { followUpCreateSchema, followUpEditSchema, followUpListQuerySchema, followUpPageSchema, followUpSchema, FollowUpText } from './follow-up.schema.js';

/** 跟进记录 of a lead or customer the caller can see (the lead's or customer's data rules apply; otherwise 404). */
export const followUpContract = {
  list: defineContract({ method: 'POST', path: '/online/followUp/list', access: FollowUpPermission.followUpList, body: followUpListQuerySchema, result: followUpPageSchema }),
  /**
   * Moves the lead's last/next follow-up times and 待跟进 → 跟进中 (or the customer's last/next
   * follow-up times), in one transaction; a closed lead refuses (101).
   */
  add: defineContract({ method: 'POST', path: '/online/followUp/add', access: FollowUpPermission.followUpAdd, body: followUpCreateSchema, result: followUpSchema, successMessage: FollowUpText.added }),
  edit: defineContract({ method: 'POST', path: '/online/followUp/edit', access: FollowUpPermission.followUpEdit, body: followUpEditSchema, result: followUpSchema, successMessage: FollowUpText.edited }),
  delete: defineContract({ method: 'POST', path: '/online/followUp/delete', access: FollowUpPermission.followUpDelete, body: crmIdSchema, result: z.null(), successMessage: FollowUpText.deleted }),
};
