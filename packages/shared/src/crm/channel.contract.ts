import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { Permission } from '../permissions.js';
import { crmIdSchema, crmOptionSchema, crmStatusSchema } from './common.js';
import { channelCreateSchema, channelEditSchema, channelListQuerySchema, channelPageSchema, channelSchema, ChannelText } from './channel.schema.js';

/** 合作渠道 of the session company. */
export const channelContract = {
  list: defineContract({ method: 'POST', path: '/online/channel/list', access: Permission.channelList, body: channelListQuerySchema, result: channelPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/channel/queryById', access: Permission.channelList, body: crmIdSchema, result: channelSchema }),
  add: defineContract({ method: 'POST', path: '/online/channel/add', access: Permission.channelAdd, body: channelCreateSchema, result: channelSchema, successMessage: ChannelText.added }),
  edit: defineContract({ method: 'POST', path: '/online/channel/edit', access: Permission.channelEdit, body: channelEditSchema, result: channelSchema, successMessage: ChannelText.edited }),
  updateStatus: defineContract({ method: 'POST', path: '/online/channel/updateStatus', access: Permission.channelStatus, body: crmStatusSchema, result: channelSchema, successMessage: ChannelText.saved }),
  options: defineContract({ method: 'POST', path: '/online/channel/options', access: 'authenticated', body: z.object({}), result: z.array(crmOptionSchema) }),
};
