import { companyContract, departmentContract, securityGroupContract, MAX_PAGE_SIZE } from '@care/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useServices } from '../../lib/useServices';

/** Query keys of the organisation data several pages and pickers share. */
export const OrgQueryKey = {
  /** Every organisation query: invalidate this after a change that can show up in several places. */
  all: ['org'] as const,
  departmentTree: ['org', 'departments', 'tree'] as const,
  departmentChildren: (parentId: string | null) => ['org', 'departments', 'children', parentId ?? ''] as const,
  departments: ['org', 'departments'] as const,
  companies: ['org', 'companies', 'options'] as const,
  groups: ['org', 'groups', 'options'] as const,
};

/** After a department changed: pickers and lazy trees load again. */
export function invalidateDepartments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: OrgQueryKey.departments });
}

/** The whole department tree of the session company as far as the caller's data rules reach (queryIdTree). */
export function useDepartmentTree(enabled = true) {
  const { request } = useServices();
  return useQuery({
    queryKey: OrgQueryKey.departmentTree,
    queryFn: () => request.call(departmentContract.queryIdTree, {}),
    enabled,
    staleTime: 30_000,
  });
}

type Named = { id: string; name: string; enabled: boolean };

/** Select options of one page of the largest size, sorted by name; a disabled row says so. */
function useNamedOptions(queryKey: readonly string[], listPage: (query: { pageNo: number; pageSize: number; column: 'name'; order: 'asc' }) => Promise<{ records: Named[] }>, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: async () => {
      const page = await listPage({ pageNo: 1, pageSize: MAX_PAGE_SIZE, column: 'name', order: 'asc' });
      return page.records.map((r) => ({ value: r.id, label: r.enabled ? r.name : `${r.name}（已停用）` }));
    },
    enabled,
    staleTime: 30_000,
  });
}

/** The companies the caller works for, as select options. */
export function useCompanyOptions(enabled = true) {
  const { request } = useServices();
  return useNamedOptions(OrgQueryKey.companies, (query) => request.call(companyContract.list, query), enabled);
}

/** The security groups (角色) of the session company, as select options. */
export function useGroupOptions(enabled = true) {
  const { request } = useServices();
  return useNamedOptions(OrgQueryKey.groups, (query) => request.call(securityGroupContract.listSysSecurityGroup, query), enabled);
}
