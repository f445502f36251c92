import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crudContracts, CrudText } from '../resource/index.js';
import { MonthlyNursePermission as P } from './monthly-nurse.permissions.js';
import {
  monthlyNurseListQuerySchema,
  monthlyNurseResource,
  MonthlyNurseText,
  nurseCertificateAddSchema,
  nurseCertificateEditSchema,
  nurseCertificateSchema,
  nurseDeleteSchema,
  nurseIdSchema,
  nurseLeaveAddSchema,
  nurseLeaveSchema,
  nurseMoveSchema,
} from './monthly-nurse.schema.js';

const path = (action: string) => `/online/monthlyNurse/${action}`;
const crud = crudContracts(monthlyNurseResource, 'monthlyNurse', {
  list: P.monthlyNurseList,
  add: P.monthlyNurseAdd,
  edit: P.monthlyNurseEdit,
  delete: P.monthlyNurseDelete,
  export: P.monthlyNurseExport,
});
const record = monthlyNurseResource.record;
const move = (action: string, successMessage: string) =>
  defineContract({ method: 'POST', path: path(action), access: P.monthlyNurseStatus, body: nurseMoveSchema, result: record, successMessage });
const rowId = z.object({ id: z.uuid({ message: '缺少ID' }) });

/**
 * /online/monthlyNurse/… : nurses in the caller's data scope (by store); certificates and leave of a
 * nurse the caller can see. 休息 / 在职 / 离职 move by nurseMachine (上户中 by 派工 only).
 */
export const monthlyNurseContract = {
  ...crud,
  list: defineContract({ method: 'POST', path: path('list'), access: P.monthlyNurseList, body: monthlyNurseListQuerySchema, result: monthlyNurseResource.page }),
  exportXls: defineContract({ method: 'POST', path: path('exportXls'), access: P.monthlyNurseExport, body: monthlyNurseListQuerySchema.omit({ pageNo: true, pageSize: true }).partial(), result: z.unknown() }),
  /** Only a nurse never assigned (the database refuses the others): 该月嫂已有派工记录，不能删除，可设为离职. */
  delete: defineContract({ method: 'POST', path: path('delete'), access: P.monthlyNurseDelete, body: nurseDeleteSchema, result: z.null(), successMessage: CrudText.deleted }),
  rest: move('rest', MonthlyNurseText.rested),
  resume: move('resume', MonthlyNurseText.resumed),
  resign: move('resign', MonthlyNurseText.resigned),
  certificateList: defineContract({ method: 'POST', path: path('certificateList'), access: P.monthlyNurseList, body: nurseIdSchema, result: z.array(nurseCertificateSchema) }),
  certificateAdd: defineContract({ method: 'POST', path: path('certificateAdd'), access: P.monthlyNurseCertificate, body: nurseCertificateAddSchema, result: nurseCertificateSchema, successMessage: CrudText.added }),
  certificateEdit: defineContract({ method: 'POST', path: path('certificateEdit'), access: P.monthlyNurseCertificate, body: nurseCertificateEditSchema, result: nurseCertificateSchema, successMessage: CrudText.edited }),
  certificateDelete: defineContract({ method: 'POST', path: path('certificateDelete'), access: P.monthlyNurseCertificate, body: rowId, result: z.null(), successMessage: CrudText.deleted }),
  leaveList: defineContract({ method: 'POST', path: path('leaveList'), access: P.monthlyNurseList, body: nurseIdSchema, result: z.array(nurseLeaveSchema) }),
  leaveAdd: defineContract({ method: 'POST', path: path('leaveAdd'), access: P.monthlyNurseLeave, body: nurseLeaveAddSchema, result: nurseLeaveSchema, successMessage: MonthlyNurseText.leaveAdded }),
  leaveDelete: defineContract({ method: 'POST', path: path('leaveDelete'), access: P.monthlyNurseLeave, body: rowId, result: z.null(), successMessage: MonthlyNurseText.leaveDeleted }),
};
