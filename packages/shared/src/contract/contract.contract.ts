import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import type { PermissionAction } from '../permissions.js';
import { crudContracts, CrudText } from '../resource/index.js';
import { ContractPermission as P } from './contract.permissions.js';
import { contractTemplateResource } from './contract-template.schema.js';
import {
  contractAttachmentsSchema,
  contractCloseSchema,
  contractEditSchema,
  contractGenerateSchema,
  contractListQuerySchema,
  contractMoveSchema,
  contractOrderOptionSchema,
  contractResource,
  ContractText,
} from './contract.schema.js';

/** /online/contractTemplate/… : the company's templates; options (enabled ones) for the generate dialog. */
export const contractTemplateContract = crudContracts(
  contractTemplateResource,
  'contractTemplate',
  {
    list: P.contractTemplateList,
    add: P.contractTemplateAdd,
    edit: P.contractTemplateEdit,
    status: P.contractTemplateStatus,
    delete: P.contractTemplateDelete,
    export: P.contractTemplateExport,
  },
  { options: true },
);

const record = contractResource.record;
const path = (action: string) => `/online/contract/${action}`;
const move = <B extends z.ZodType>(action: string, access: PermissionAction, successMessage: string, body: B) =>
  defineContract({ method: 'POST', path: path(action), access, body, result: record, successMessage });

/** /online/contract/… : contracts in the caller's data scope; every state move through contractMachine. */
export const contractContract = {
  list: defineContract({ method: 'POST', path: path('list'), access: P.contractList, body: contractListQuerySchema, result: contractResource.page }),
  queryById: defineContract({ method: 'POST', path: path('queryById'), access: P.contractList, body: z.object({ id: z.uuid({ message: '缺少ID' }) }), result: record }),
  exportXls: defineContract({ method: 'POST', path: path('exportXls'), access: P.contractExport, body: contractListQuerySchema.omit({ pageNo: true, pageSize: true }).partial(), result: z.unknown() }),
  /** Orders a contract may be generated from (confirmed or later, no live contract). */
  orderOptions: defineContract({
    method: 'POST',
    path: path('orderOptions'),
    access: P.contractAdd,
    body: z.object({ keyword: z.string().trim().max(50).optional() }),
    result: z.array(contractOrderOptionSchema),
  }),
  generate: defineContract({ method: 'POST', path: path('generate'), access: P.contractAdd, body: contractGenerateSchema, result: record, successMessage: ContractText.generated }),
  edit: defineContract({ method: 'POST', path: path('edit'), access: P.contractEdit, body: contractEditSchema, result: record, successMessage: CrudText.edited }),
  attachments: defineContract({ method: 'POST', path: path('attachments'), access: P.contractEdit, body: contractAttachmentsSchema, result: record, successMessage: ContractText.saved }),
  sign: move('sign', P.contractSign, ContractText.signed, contractMoveSchema),
  audit: move('audit', P.contractAudit, ContractText.audited, contractMoveSchema),
  void: move('void', P.contractVoid, ContractText.voided, contractCloseSchema),
  terminate: move('terminate', P.contractTerminate, ContractText.terminated, contractCloseSchema),
  end: move('end', P.contractEnd, ContractText.ended, contractMoveSchema),
};
