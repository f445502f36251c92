import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the channel module and the titles of their buttons. */
export const ChannelPermission = definePermissions({
  /** 渠道 (partner channels). */
  channelList: ['crm:channel:list', '查询渠道'],
  channelAdd: ['crm:channel:add', '新增渠道'],
  channelEdit: ['crm:channel:edit', '编辑渠道'],
  channelStatus: ['crm:channel:status', '启用/停用渠道'],
});
