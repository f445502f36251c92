import { ResourceTable, type ResourceTableProps } from '../crud/ResourceTable';
import { useInvalidateCrmOptions, type CrmOptionKind } from './CrmSelects';

/** The list of a resource the CRM selects offer (门店, 线索渠道, 渠道): a change forgets the cached options. */
export function CrmOptionsTable({ kind, ...table }: ResourceTableProps & { kind: CrmOptionKind }) {
  const invalidate = useInvalidateCrmOptions();
  return <ResourceTable {...table} onChanged={() => void invalidate(kind)} />;
}
