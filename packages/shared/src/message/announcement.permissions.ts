import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the announcement module and the titles of their buttons. */
export const AnnouncementPermission = definePermissions({
  /** 系统通告. */
  announcementList: ['message:announcement:list', '查看通告'],
  announcementAdd: ['message:announcement:add', '新增通告'],
  announcementEdit: ['message:announcement:edit', '编辑通告'],
  announcementPublish: ['message:announcement:publish', '发布通告'],
  announcementRevoke: ['message:announcement:revoke', '撤销通告'],
  announcementDelete: ['message:announcement:delete', '删除通告'],
});
