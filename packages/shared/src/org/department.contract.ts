import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { OrgPermission } from './org.permissions.js';
import { departmentCreateSchema, departmentEditSchema, departmentSchema, departmentTreeNodeSchema, DepartmentText } from './department.schema.js';

/** 部门 of the session company; every call sees only the departments the caller's data rules allow. */
export const departmentContract = {
  /** The children of one department, or the top level when `parentId` is omitted. */
  getEcPartyGroupLazy: defineContract({
    method: 'POST',
    path: '/online/api/getEcPartyGroupLazy',
    access: OrgPermission.departmentList,
    body: z.object({ parentId: z.uuid({ message: '上级部门ID不正确' }).nullish() }),
    result: z.array(departmentSchema),
  }),
  /** The whole tree of the session company; a department whose parent is hidden becomes a root. */
  queryIdTree: defineContract({
    method: 'POST',
    path: '/online/api/queryIdTree',
    access: OrgPermission.departmentList,
    body: z.object({}),
    result: z.array(departmentTreeNodeSchema),
  }),
  /** The code is generated as the next sibling code under the parent; a head who does not work for the company answers 101. */
  add: defineContract({
    method: 'POST',
    path: '/online/department/add',
    access: OrgPermission.departmentAdd,
    body: departmentCreateSchema,
    result: departmentSchema,
    successMessage: DepartmentText.added,
  }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing; an omitted `headUserId` keeps the head. */
  edit: defineContract({
    method: 'POST',
    path: '/online/department/edit',
    access: OrgPermission.departmentEdit,
    body: departmentEditSchema,
    result: departmentSchema,
    successMessage: DepartmentText.edited,
  }),
  /** Refused (101) while the department has child departments or users. */
  delete: defineContract({
    method: 'POST',
    path: '/online/department/delete',
    access: OrgPermission.departmentDelete,
    body: z.object({ id: z.uuid({ message: '缺少部门ID' }) }),
    result: z.null(),
    successMessage: DepartmentText.deleted,
  }),
};
