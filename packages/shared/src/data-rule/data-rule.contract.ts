import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { DataRulePermission } from './data-rule.permissions.js';
import {
  dataRuleCreateSchema,
  dataRuleEditSchema,
  dataRuleListQuerySchema,
  dataRulePageSchema,
  dataRuleResourceSchema,
  dataRuleSchema,
  DataRuleText,
} from './data-rule.schema.js';

/** 数据规则 per permission (spec §7 names), all POST under /online/api/. */
export const dataRuleContract = {
  /** Every rule of one permission (menu or button), for the rule drawer of the permission tree. */
  getPermRuleListByPermId: defineContract({
    method: 'POST',
    path: '/online/api/getPermRuleListByPermId',
    access: DataRulePermission.dataRuleList,
    body: z.object({ permissionId: z.uuid({ message: '请选择权限!' }) }),
    result: z.array(dataRuleSchema),
  }),
  queryPermissionRule: defineContract({
    method: 'POST',
    path: '/online/api/queryPermissionRule',
    access: DataRulePermission.dataRuleList,
    body: dataRuleListQuerySchema,
    result: dataRulePageSchema,
  }),
  addPermissionRule: defineContract({
    method: 'POST',
    path: '/online/api/addPermissionRule',
    access: DataRulePermission.dataRuleAdd,
    body: dataRuleCreateSchema,
    result: dataRuleSchema,
    successMessage: DataRuleText.added,
  }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  editPermissionRule: defineContract({
    method: 'POST',
    path: '/online/api/editPermissionRule',
    access: DataRulePermission.dataRuleEdit,
    body: dataRuleEditSchema,
    result: dataRuleSchema,
    successMessage: DataRuleText.edited,
  }),
  deletePermissionRule: defineContract({
    method: 'POST',
    path: '/online/api/deletePermissionRule',
    access: DataRulePermission.dataRuleDelete,
    body: z.object({ id: z.uuid({ message: '缺少规则ID' }) }),
    result: z.null(),
    successMessage: DataRuleText.deleted,
  }),
  /** The filterable columns modules registered: one resource, or all of them when none is named. */
  listDataRuleColumns: defineContract({
    method: 'POST',
    path: '/online/api/listDataRuleColumns',
    access: DataRulePermission.dataRuleList,
    body: z.object({ resource: z.string().trim().max(64).optional() }),
    result: z.array(dataRuleResourceSchema),
  }),
};
