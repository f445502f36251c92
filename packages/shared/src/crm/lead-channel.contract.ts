import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { Permission } from '../permissions.js';
import { crmIdSchema, crmOptionSchema, crmStatusSchema } from './common.js';
import { leadChannelCreateSchema, leadChannelEditSchema, leadChannelListQuerySchema, leadChannelPageSchema, leadChannelSchema, LeadChannelText } from './lead-channel.schema.js';

/** 线索渠道 of the session company. */
export const leadChannelContract = {
  list: defineContract({ method: 'POST', path: '/online/leadChannel/list', access: Permission.leadChannelList, body: leadChannelListQuerySchema, result: leadChannelPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/leadChannel/queryById', access: Permission.leadChannelList, body: crmIdSchema, result: leadChannelSchema }),
  add: defineContract({ method: 'POST', path: '/online/leadChannel/add', access: Permission.leadChannelAdd, body: leadChannelCreateSchema, result: leadChannelSchema, successMessage: LeadChannelText.added }),
  edit: defineContract({ method: 'POST', path: '/online/leadChannel/edit', access: Permission.leadChannelEdit, body: leadChannelEditSchema, result: leadChannelSchema, successMessage: LeadChannelText.edited }),
  updateStatus: defineContract({ method: 'POST', path: '/online/leadChannel/updateStatus', access: Permission.leadChannelStatus, body: crmStatusSchema, result: leadChannelSchema, successMessage: LeadChannelText.saved }),
  /** Enabled lead channels for selects, any signed-in user. */
  options: defineContract({ method: 'POST', path: '/online/leadChannel/options', access: 'authenticated', body: z.object({}), result: z.array(crmOptionSchema) }),
};
