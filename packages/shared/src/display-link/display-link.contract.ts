import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { DisplayLinkPermission as P } from './display-link.permissions.js';
import {
  businessScreenSchema,
  careScreenSchema,
  displayLinkAddSchema,
  displayLinkIssuedSchema,
  displayLinkListQuerySchema,
  displayLinkPageSchema,
  displayLinkRevokeSchema,
  displayLinkSchema,
  DisplayLinkText,
  displayTicketSchema,
  roomScreenSchema,
} from './display-link.schema.js';

/** 大屏链接 (/screen/links): the company's display links, a new one (its address answered once), revoking one. */
export const displayLinkContract = {
  list: defineContract({ method: 'POST', path: '/online/displayLink/list', access: P.displayLinkList, body: displayLinkListQuerySchema, result: displayLinkPageSchema }),
  add: defineContract({ method: 'POST', path: '/online/displayLink/add', access: P.displayLinkAdd, body: displayLinkAddSchema, result: displayLinkIssuedSchema, successMessage: DisplayLinkText.added }),
  /** The list's filters as an Excel file (no token, no hash: what the list shows). */
  exportXls: defineContract({ method: 'POST', path: '/online/displayLink/exportXls', access: P.displayLinkList, body: displayLinkListQuerySchema, result: z.unknown() }),
  revoke: defineContract({ method: 'POST', path: '/online/displayLink/revoke', access: P.displayLinkRevoke, body: displayLinkRevokeSchema, result: displayLinkSchema, successMessage: DisplayLinkText.revoked }),
};

/**
 * The screens (public, signed): each call carries the link's token in the X-Display-Token header and
 * answers only for the screen that link was issued for. A missing, unknown, expired or revoked token,
 * or one of another screen, answers 403 链接无效或已过期.
 */
export const displayScreenContract = {
  business: defineContract({ method: 'GET', path: '/online/displayLink/screen/1', access: 'public', result: businessScreenSchema }),
  rooms: defineContract({ method: 'GET', path: '/online/displayLink/screen/2', access: 'public', result: roomScreenSchema }),
  care: defineContract({ method: 'GET', path: '/online/displayLink/screen/3', access: 'public', result: careScreenSchema }),
  /** A single-use ticket (30 s) for the live-refresh socket of the token's screen. */
  ticket: defineContract({ method: 'POST', path: '/online/displayLink/screen/ticket', access: 'public', body: z.object({}).default({}), result: displayTicketSchema }),
};
