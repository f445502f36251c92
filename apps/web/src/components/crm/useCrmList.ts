import { useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import type { Contract, PageResult } from '@care/shared';
import { whenAllowed } from '../crud/list-access';
import { pageTotalText, proTableRequest } from '../crud/pro-table-request';
import { useListExport } from '../crud/useListExport';
import { useServices } from '../../lib/useServices';

type PagedContract = Contract & { result: { _zod: { output: PageResult<unknown> } } };

interface CrmListOptions<C extends PagedContract> {
  contract: C;
  /** The user holds the list's action: otherwise the table stays empty without asking. */
  canList: boolean;
  /** Shown instead of rows to a user who may not list. */
  noAccess: ReactNode;
  /** 导出 sends the last search's filters to this path; the file is named `<exportName><date>.xlsx`. */
  exportPath: string;
  exportName: string;
  /** Past 10,000 matches the server stops counting; the pager then says "10000+". */
  counted?: boolean;
  /** The table's handle when the page reloads it from elsewhere too. */
  table?: RefObject<ActionType | undefined>;
  /** Filters every request (and the export) carries whatever the search form says: a wrapper's fixed store. */
  fixedFilters?: Record<string, unknown>;
}

/**
 * What a CRM list (客户, 线索, 预约) wires the same way: the gated request, the export of its filters,
 * the pager and the collapsed search. Spread `tableProps` on the ProTable.
 */
export function useCrmList<C extends PagedContract>({ contract, canList, noAccess, exportPath, exportName, counted = false, fixedFilters, ...options }: CrmListOptions<C>) {
  const { request } = useServices();
  const ownTable = useRef<ActionType>(undefined);
  const table = options.table ?? ownTable;
  const { rememberFilters, download, exporting } = useListExport(request, exportPath, exportName);
  const [countCap, setCountCap] = useState<number | null>(null);
  const list = proTableRequest(request, contract, { extra: fixedFilters, mapFilters: rememberFilters, ...(counted ? { onCapped: setCountCap } : {}) });
  const tableProps = {
    rowKey: 'id',
    actionRef: table,
    request: whenAllowed(canList, list),
    locale: canList ? undefined : { emptyText: noAccess },
    search: { labelWidth: 'auto', defaultCollapsed: true },
    pagination: { defaultPageSize: 10, showSizeChanger: true, ...(counted ? { showTotal: pageTotalText(countCap) } : {}) },
    scroll: { x: 'max-content' },
  } as const;
  return { table, tableProps, download, exporting, reload: () => void table.current?.reload() };
}
