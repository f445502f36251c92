import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { CrudText } from '../resource/crud-contracts.js';
import { ReceivablePermission as P } from './receivable.permissions.js';
import * as s from './receivable.schema.js';

const post = '/online';

/** 应收: /online/receivable/… */
export const receivableContract = {
  list: defineContract({ method: 'POST', path: `${post}/receivable/list`, access: P.receivableList, body: s.receivableListQuerySchema, result: s.receivablePageSchema }),
  queryById: defineContract({ method: 'POST', path: `${post}/receivable/queryById`, access: P.receivableList, body: s.receivableIdSchema, result: s.receivableRecordSchema }),
  add: defineContract({ method: 'POST', path: `${post}/receivable/add`, access: P.receivableAdd, body: s.receivableAddSchema, result: s.receivableRecordSchema, successMessage: CrudText.added }),
  edit: defineContract({ method: 'POST', path: `${post}/receivable/edit`, access: P.receivableEdit, body: s.receivableEditSchema, result: s.receivableRecordSchema, successMessage: CrudText.edited }),
  delete: defineContract({ method: 'POST', path: `${post}/receivable/delete`, access: P.receivableDelete, body: s.receivableVersionedIdSchema, result: z.null(), successMessage: CrudText.deleted }),
  exportXls: defineContract({ method: 'POST', path: `${post}/receivable/exportXls`, access: P.receivableExport, body: s.receivableExportQuerySchema, result: z.unknown() }),
  aging: defineContract({ method: 'POST', path: `${post}/receivable/aging`, access: P.receivableAging, body: s.agingQuerySchema, result: z.array(s.agingRowSchema) }),
  /** Orders with receivables (the 收款 form's order picker). */
  orders: defineContract({ method: 'POST', path: `${post}/receivable/orders`, access: P.paymentAdd, body: s.receivableOrderQuerySchema, result: z.array(s.receivableOrderSchema) }),
  /** The plan of one order (the 收款 form's lines). */
  ofOrder: defineContract({ method: 'POST', path: `${post}/receivable/ofOrder`, access: P.paymentAdd, body: s.receivableOrderIdSchema, result: z.array(s.receivableRecordSchema) }),
  debtList: defineContract({ method: 'POST', path: `${post}/receivable/debtList`, access: P.receivableList, body: s.receivableOrderIdSchema, result: z.array(s.debtAuthorizationSchema) }),
  debtGrant: defineContract({ method: 'POST', path: `${post}/receivable/debtGrant`, access: P.debtAuthorize, body: s.debtGrantSchema, result: s.debtAuthorizationSchema, successMessage: '授权成功' }),
  debtRevoke: defineContract({ method: 'POST', path: `${post}/receivable/debtRevoke`, access: P.debtRevoke, body: s.receivableIdSchema, result: s.debtAuthorizationSchema, successMessage: '已撤销授权' }),
};

/** 收款: /online/payment/… */
export const paymentContract = {
  list: defineContract({ method: 'POST', path: `${post}/payment/list`, access: P.paymentList, body: s.paymentListQuerySchema, result: s.paymentPageSchema }),
  queryById: defineContract({ method: 'POST', path: `${post}/payment/queryById`, access: P.paymentList, body: s.receivableIdSchema, result: s.paymentRecordSchema }),
  add: defineContract({ method: 'POST', path: `${post}/payment/add`, access: P.paymentAdd, body: s.paymentAddSchema, result: s.paymentRecordSchema, successMessage: '收款已登记，待财务审核' }),
  audit: defineContract({ method: 'POST', path: `${post}/payment/audit`, access: P.paymentAudit, body: s.receivableVersionedIdSchema, result: s.paymentRecordSchema, successMessage: '审核成功' }),
  reject: defineContract({ method: 'POST', path: `${post}/payment/reject`, access: P.paymentReject, body: s.paymentRejectSchema, result: s.paymentRecordSchema, successMessage: '已驳回' }),
  reverse: defineContract({ method: 'POST', path: `${post}/payment/reverse`, access: P.paymentReverse, body: s.paymentReverseSchema, result: s.paymentRecordSchema, successMessage: '冲销单已生成，待财务审核' }),
  exportXls: defineContract({ method: 'POST', path: `${post}/payment/exportXls`, access: P.paymentExport, body: s.paymentExportQuerySchema, result: z.unknown() }),
};
