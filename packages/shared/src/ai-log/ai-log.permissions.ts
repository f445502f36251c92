import { definePermissions } from '../permission/define-permissions.js';

/** The AI log (/system/aiLog → /ai/aiLogHostory) and the AI-assisted actions that write to it. */
export const AiLogPermission = definePermissions({
  aiLogList: ['ai:aiLog:list', '查看'],
  aiLogLink: ['ai:aiLog:link', '生成链接'],
  followUpSummary: ['crm:followUp:summary', 'AI总结'],
});
