import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the lead-channel module and the titles of their buttons. */
export const LeadChannelPermission = definePermissions({
  /** 线索渠道. */
  leadChannelList: ['crm:leadChannel:list', '查询线索渠道'],
  leadChannelAdd: ['crm:leadChannel:add', '新增线索渠道'],
  leadChannelEdit: ['crm:leadChannel:edit', '编辑线索渠道'],
  leadChannelStatus: ['crm:leadChannel:status', '启用/停用线索渠道'],
});
