import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the message module and the titles of their buttons. */
export const MessagePermission = definePermissions({
  /** 消息模板. */
  messageTemplateList: ['message:template:list', '查看消息模板'],
  messageTemplateAdd: ['message:template:add', '新增消息模板'],
  messageTemplateEdit: ['message:template:edit', '编辑消息模板'],
  messageTemplateDelete: ['message:template:delete', '删除消息模板'],
  messageTemplateTestSend: ['message:template:testSend', '测试发送'],
});
