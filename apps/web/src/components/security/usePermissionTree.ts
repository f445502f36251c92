import { useQuery } from '@tanstack/react-query';
import { Permission, permissionAdminContract, type PermissionTreeNode } from '@care/shared';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { treeFromNodes } from './permission-tree';

/**
 * The whole menu and button tree, read through whichever call the user may make: the 分配权限 tree
 * (`queryTreeList`) or the 权限 list (`listSysAllSecurityPermission`). `available` is false when neither.
 */
export function usePermissionTree(enabled = true) {
  const { request } = useServices();
  const authorized = useAuthorized();
  const source = authorized(Permission.groupPermissions) ? 'tree' : authorized(Permission.permissionList) ? 'list' : null;
  const query = useQuery({
    queryKey: ['permission-tree', source],
    queryFn: async (): Promise<PermissionTreeNode[]> =>
      source === 'tree'
        ? (await request.call(permissionAdminContract.queryTreeList, {})).treeList
        : treeFromNodes(await request.call(permissionAdminContract.listSysAllSecurityPermission, {})),
    enabled: enabled && source !== null,
  });
  return { ...query, available: source !== null };
}
