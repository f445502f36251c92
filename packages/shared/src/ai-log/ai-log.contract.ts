import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { AiLogPermission as P } from './ai-log.permissions.js';
import {
  aiExplanationSchema,
  aiLogLinkAddSchema,
  aiLogLinkIssuedSchema,
  aiLogLinkRevokeSchema,
  aiLogLinkSchema,
  aiLogListQuerySchema,
  aiLogPageSchema,
  aiLogSharedPageSchema,
  AiLogText,
  followUpSummaryQuerySchema,
} from './ai-log.schema.js';

/**
 * The AI log page: the company's log with a session (ai:aiLog:list), the links that show it without
 * one (ai:aiLog:link), and the same list through a link (public, signed: the token in the
 * X-Ai-Log-Token header; anything but a live link answers 403 链接无效或已过期). The link's rows are
 * masked: no input, output, failure text or linked id (aiLogSharedRecordSchema).
 */
export const aiLogContract = {
  list: defineContract({ method: 'POST', path: '/online/aiLog/list', access: P.aiLogList, body: aiLogListQuerySchema, result: aiLogPageSchema }),
  /** The list's filters → an .xlsx of the matching rows (newest first, at most 10,000). */
  exportXls: defineContract({ method: 'POST', path: '/online/aiLog/exportXls', access: P.aiLogList, body: aiLogListQuerySchema, result: z.unknown() }),
  sharedList: defineContract({ method: 'POST', path: '/online/aiLog/shared/list', access: 'public', body: aiLogListQuerySchema, result: aiLogSharedPageSchema }),
  links: defineContract({ method: 'POST', path: '/online/aiLog/link/list', access: P.aiLogLink, result: z.array(aiLogLinkSchema) }),
  addLink: defineContract({ method: 'POST', path: '/online/aiLog/link/add', access: P.aiLogLink, body: aiLogLinkAddSchema, result: aiLogLinkIssuedSchema, successMessage: AiLogText.linkAdded }),
  revokeLink: defineContract({ method: 'POST', path: '/online/aiLog/link/revoke', access: P.aiLogLink, body: aiLogLinkRevokeSchema, result: aiLogLinkSchema, successMessage: AiLogText.linkRevoked }),
  /** AI总结 of a lead's or customer's follow-ups (the caller must see that lead or customer); logged. */
  followUpSummary: defineContract({ method: 'POST', path: '/online/aiLog/followUpSummary', access: P.followUpSummary, body: followUpSummaryQuerySchema, result: aiExplanationSchema }),
};
