import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the follow-up module and the titles of their buttons. */
export const FollowUpPermission = definePermissions({
  /** 跟进记录 (on leads and customers). */
  followUpList: ['crm:followUp:list', '查看跟进记录'],
  followUpAdd: ['crm:followUp:add', '添加跟进记录'],
  followUpEdit: ['crm:followUp:edit', '编辑跟进记录'],
  followUpDelete: ['crm:followUp:delete', '删除跟进记录'],
});
