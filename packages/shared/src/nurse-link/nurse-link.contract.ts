import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { NurseLinkPermission as P } from './nurse-link.permissions.js';
import {
  nurseLinkAddSchema,
  nurseLinkIssuedSchema,
  nurseLinkListQuerySchema,
  nurseLinkRevokeSchema,
  nurseLinkSchema,
  NurseLinkText,
  nurseSelfCertificateSaveSchema,
  nurseSelfCertificateSchema,
  nurseSelfContactSchema,
  nurseSelfLeaveAddSchema,
  nurseSelfLeaveSchema,
  nurseSelfProfileSchema,
  nurseSelfRowSchema,
} from './nurse-link.schema.js';

/**
 * 编辑链接 on the 月嫂 page: the links of one nurse the caller may see (the 月嫂 data rules), a new one
 * (its address answered once), and revoking one.
 */
export const nurseLinkContract = {
  list: defineContract({ method: 'POST', path: '/online/nurseLink/list', access: P.nurseLinkList, body: nurseLinkListQuerySchema, result: z.array(nurseLinkSchema) }),
  add: defineContract({ method: 'POST', path: '/online/nurseLink/add', access: P.nurseLinkAdd, body: nurseLinkAddSchema, result: nurseLinkIssuedSchema, successMessage: NurseLinkText.added }),
  revoke: defineContract({ method: 'POST', path: '/online/nurseLink/revoke', access: P.nurseLinkRevoke, body: nurseLinkRevokeSchema, result: nurseLinkSchema, successMessage: NurseLinkText.revoked }),
};

/**
 * The nurse's own page (public, signed): every call carries the link's token in the X-Link-Token
 * header and acts on the nurse that link names — no call ever names a nurse. A missing, unknown,
 * expired or revoked token answers 403 链接无效或已过期. Ids in a body name her own rows only;
 * anyone else's answers 404.
 */
export const nurseSelfContract = {
  profile: defineContract({ method: 'GET', path: '/online/nurseLink/self/profile', access: 'public', result: nurseSelfProfileSchema }),
  contact: defineContract({ method: 'POST', path: '/online/nurseLink/self/contact', access: 'public', body: nurseSelfContactSchema, result: z.object({ version: z.number().int() }), successMessage: NurseLinkText.saved }),
  saveCertificate: defineContract({ method: 'POST', path: '/online/nurseLink/self/certificate/save', access: 'public', body: nurseSelfCertificateSaveSchema, result: nurseSelfCertificateSchema, successMessage: NurseLinkText.saved }),
  removeCertificate: defineContract({ method: 'POST', path: '/online/nurseLink/self/certificate/remove', access: 'public', body: nurseSelfRowSchema, result: z.null(), successMessage: NurseLinkText.removed }),
  addLeave: defineContract({ method: 'POST', path: '/online/nurseLink/self/leave/add', access: 'public', body: nurseSelfLeaveAddSchema, result: nurseSelfLeaveSchema, successMessage: NurseLinkText.leaveAdded }),
  removeLeave: defineContract({ method: 'POST', path: '/online/nurseLink/self/leave/remove', access: 'public', body: nurseSelfRowSchema, result: z.null(), successMessage: NurseLinkText.removed }),
};
