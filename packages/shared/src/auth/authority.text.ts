/** Refusals of administrative actions on users, groups and global settings (server messages). */
export const AuthorityText = {
  targetIsSuper: '该用户是超级管理员，您无权管理',
  targetHoldsMore: '该用户拥有您没有的权限，您无权管理',
  multiCompany: '该用户属于多个公司，只有其所属每个公司的超级管理员才能管理',
  otherCompany: '只有该公司的超级管理员才能修改用户与该公司的关系',
  grantNotHeld: '不能授予您自己没有的权限',
  groupNotHeld: '不能授予包含您自己没有的权限的安全组',
  platformOnly: '只有平台管理员可以修改全局设置',
  builtinPath: '系统内置菜单的路径不能修改',
} as const;
