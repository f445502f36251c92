import { ContractTemplateText } from '@care/shared';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import { BizError } from '../../platform/errors.js';
import { sanitizeContractHtml } from './contract.html.js';
import { templateInUse } from './contract.repo.js';

/** 合同模板: the name unique in the company, the content sanitised before it is stored; one used by a contract is kept (disable it instead). */
export const contractTemplateCrudOptions: CrudOptions = {
  unique: [{ field: 'name', message: ContractTemplateText.nameTaken }],
  beforeWrite: async (_trx, _session, values) => {
    if (typeof values.content === 'string') values.content = sanitizeContractHtml(values.content);
  },
  beforeRemove: async (trx, session, current) => {
    if (await templateInUse(trx, session.companyId, current.id as string)) throw new BizError(ContractTemplateText.inUse);
  },
};
