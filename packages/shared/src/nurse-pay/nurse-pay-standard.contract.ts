import { defineContract } from '../api/contract.js';
import { NurseAssignmentPermission } from '../nurse-assignment/nurse-assignment.permissions.js';
import { crudContracts } from '../resource/index.js';
import { NursePayStandardPermission as P } from './nurse-pay.permissions.js';
import { nursePayStandardResource, payStandardFoundSchema, payStandardLookupSchema } from './nurse-pay-standard.schema.js';

/** /online/nursePayStandard/… */
export const nursePayStandardContract = {
  ...crudContracts(nursePayStandardResource, 'nursePayStandard', {
    list: P.nursePayStandardList,
    add: P.nursePayStandardAdd,
    edit: P.nursePayStandardEdit,
    delete: P.nursePayStandardDelete,
    export: P.nursePayStandardExport,
  }),
  /**
   * The enabled standard of a level, practice type and service form, or null — asked by the 派工
   * form (so its action is 新增派工's).
   */
  lookup: defineContract({
    method: 'POST',
    path: '/online/nursePayStandard/lookup',
    access: NurseAssignmentPermission.nurseAssignmentAdd,
    body: payStandardLookupSchema,
    result: payStandardFoundSchema,
  }),
};
