import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { MessagePermission } from './message.permissions.js';
import { crudContracts } from '../resource/index.js';
import {
  MessageText,
  messageRecordListQuerySchema,
  messageRecordPageSchema,
  messageRecordSchema,
  messageTemplateResource,
  messageTemplateTestSendSchema,
  queryByIdSchema,
} from './message.schema.js';

const templateCrud = crudContracts(
  messageTemplateResource,
  'messageTemplate',
  { list: MessagePermission.messageTemplateList, add: MessagePermission.messageTemplateAdd, edit: MessagePermission.messageTemplateEdit, delete: MessagePermission.messageTemplateDelete },
  { queryById: false },
);

/** 消息模板 of the session company (code unique per company). */
export const messageTemplateContract = {
  ...templateCrud,
  /** Fills the template with `data` and sends it to the caller (it appears in 我的消息 and the bell). */
  testSend: defineContract({
    method: 'POST',
    path: '/online/messageTemplate/testSend',
    access: MessagePermission.messageTemplateTestSend,
    body: messageTemplateTestSendSchema,
    result: messageRecordSchema,
    successMessage: MessageText.testSent,
  }),
};

/** 消息记录 (/food/messageRecord): the caller's own messages; open to every signed-in user. */
export const messageRecordContract = {
  list: defineContract({
    method: 'POST',
    path: '/online/messageRecord/list',
    access: 'authenticated',
    body: messageRecordListQuerySchema,
    result: messageRecordPageSchema,
  }),
  /** One of the caller's messages; another user's answers 404. */
  queryById: defineContract({
    method: 'POST',
    path: '/online/messageRecord/queryById',
    access: 'authenticated',
    body: queryByIdSchema,
    result: messageRecordSchema,
  }),
  /** Marks the given messages of the caller read. */
  markRead: defineContract({
    method: 'POST',
    path: '/online/messageRecord/markRead',
    access: 'authenticated',
    body: z.object({ ids: z.array(z.uuid({ message: 'ID不正确' })).min(1, '请选择消息').max(500) }),
    result: z.object({ updated: z.number().int() }),
    successMessage: MessageText.read,
  }),
  /** 全部标记已读: every unread message of the caller in the session company. */
  readAll: defineContract({
    method: 'POST',
    path: '/online/messageRecord/readAll',
    access: 'authenticated',
    body: z.object({}),
    result: z.object({ updated: z.number().int() }),
    successMessage: MessageText.allRead,
  }),
};
