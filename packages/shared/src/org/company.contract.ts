import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { OrgPermission } from './org.permissions.js';
import { crudContracts } from '../resource/index.js';
import {
  companyResource,
  CompanyText,
  userRelationListQuerySchema,
  userRelationPageSchema,
  userRelationSaveSchema,
} from './company.schema.js';

const companyCrud = crudContracts(companyResource, 'company', { list: OrgPermission.companyList, add: OrgPermission.companyAdd, edit: OrgPermission.companyEdit }, { queryById: false });

/**
 * 公司 and 用户关系. An administrator sees and manages the companies they work for (user_company);
 * any other company answers 404, exactly like a missing one.
 */
export const companyContract = {
  list: companyCrud.list,
  /** Also creates the company's root department and 超级管理员 group, with the creator in both. */
  add: companyCrud.add,
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  edit: companyCrud.edit,
  /** Relations between users and the caller's companies. */
  relationList: defineContract({
    method: 'POST',
    path: '/online/userRelation/list',
    access: OrgPermission.userRelationList,
    body: userRelationListQuerySchema,
    result: userRelationPageSchema,
  }),
  /**
   * Replaces a user's companies among the caller's companies and sets the default one. Leaving a
   * company drops the user's groups and departments there and ends their sessions in it.
   */
  relationSave: defineContract({
    method: 'POST',
    path: '/online/userRelation/save',
    access: OrgPermission.userRelationEdit,
    body: userRelationSaveSchema,
    result: z.null(),
    successMessage: CompanyText.saved,
  }),
};
