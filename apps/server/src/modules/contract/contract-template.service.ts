import { ContractTemplateText } from '@care/shared';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import { sanitizeContractHtml } from './contract.html.js';

/** 合同模板: the name unique in the company, the content sanitised before it is stored. */
export const contractTemplateCrudOptions: CrudOptions = {
  unique: [{ field: 'name', message: ContractTemplateText.nameTaken }],
  beforeWrite: async (_trx, _session, values) => {
    if (typeof values.content === 'string') values.content = sanitizeContractHtml(values.content);
  },
};
