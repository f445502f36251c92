import { LeadChannelPermission } from './lead-channel.permissions.js';
import { crudContracts } from '../resource/index.js';
import { leadChannelResource } from './lead-channel.schema.js';

/** 线索渠道 of the session company; options (enabled ones, for selects) for any signed-in user. */
export const leadChannelContract = crudContracts(
  leadChannelResource,
  'leadChannel',
  { list: LeadChannelPermission.leadChannelList, add: LeadChannelPermission.leadChannelAdd, edit: LeadChannelPermission.leadChannelEdit, status: LeadChannelPermission.leadChannelStatus },
  { options: true },
);
