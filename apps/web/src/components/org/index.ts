export { DepartmentTreeSelect } from './DepartmentTreeSelect';
export { DepartmentTreePanel } from './DepartmentTreePanel';
export { UserSelect, userLabel } from './UserSelect';
export { OrgQueryKey, invalidateDepartments, useCompanyOptions, useDepartmentTree, useGroupOptions } from './org-queries';
export { branchKeysOf, filterDepartmentTree, parentIndex, titleIndex } from './department-tree';
export { OrgText } from './org-text';
