import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the org module and the titles of their buttons. */
export const OrgPermission = definePermissions({
  /** 公司 and 用户关系. */
  companyList: ['system:company:list', '查看公司'],
  companyAdd: ['system:company:add', '新增公司'],
  companyEdit: ['system:company:edit', '编辑公司'],
  userRelationList: ['system:userRelation:list', '查看用户关系'],
  userRelationEdit: ['system:userRelation:edit', '编辑用户关系'],
  /** 部门. */
  departmentList: ['system:department:list', '查看部门'],
  departmentAdd: ['system:department:add', '新增部门'],
  departmentEdit: ['system:department:edit', '编辑部门'],
  departmentDelete: ['system:department:delete', '删除部门'],
});
