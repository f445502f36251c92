import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { ProTable, type ActionType, type ProTableProps } from '@ant-design/pro-components';
import type { Contract, PageResult } from '@care/shared';
import { ExportButton } from '../crm/crm-columns';
import { useServices } from '../../lib/useServices';
import { useListAccess } from './list-access';
import { pageTotalText, proTableRequest } from './pro-table-request';
import { useListExport } from './useListExport';

type PagedContract = Contract & { result: { _zod: { output: PageResult<unknown> } } };
type Params = Record<string, unknown>;

export const ListTableText = { export: '导出' } as const;

/** The pager a list has unless it names its own: ten rows, the size changeable. */
const LIST_PAGER = { defaultPageSize: 10, showSizeChanger: true } as const;

/** 导出 in the toolbar: the filters of the last search sent to `path`, the file named `<name><date>.xlsx`. */
export interface ListExport {
  path: string;
  name: string;
  /** Shown to holders of this action. */
  action: string;
  /** The button's text (导出 by default). */
  label?: ReactNode;
  /** The button's icon (the download icon by default; null for none). */
  icon?: ReactNode;
}

export interface ListTableProps<T extends Record<string, unknown>>
  extends Omit<ProTableProps<T, Params>, 'request' | 'actionRef' | 'toolBarRender' | 'rowKey'> {
  /** The paged list contract the rows come from (its filters, sort and pager as `proTableRequest` maps them). */
  contract?: PagedContract;
  /** The rows from elsewhere instead of `contract` (a list that is not one paged contract). */
  request?: ProTableProps<T, Params>['request'];
  /** The action a user needs to see rows (`useListAccess`); without it the list asks for whoever sees the page. */
  access?: string;
  /** Shown instead of rows to a user without `access` (您没有查看此列表的权限 by default). */
  noAccess?: ReactNode;
  /** Past 10,000 matches the server stops counting; the pager then says "10000+". */
  counted?: boolean;
  /** Filters every request (and the export) carries whatever the search form says: a wrapper's fixed store. */
  fixedFilters?: Record<string, unknown>;
  /** Reshapes the query (a date range into from/to …) before it is sent and remembered for the export. */
  mapFilters?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** The 导出 button, after `buttons` and before `buttonsEnd`. */
  exportXls?: ListExport;
  /** Toolbar buttons before 导出. */
  buttons?: ReactNode[];
  /** Toolbar buttons after 导出 (the 新增 of a list that puts it last). */
  buttonsEnd?: ReactNode[];
  /** ProTable's pager; replaces the kit's (ten rows, size changeable); `counted` adds the "10000+" text to either. */
  pagination?: ProTableProps<T, Params>['pagination'];
  /** The table's handle, for a page that reloads it from elsewhere (`useListReload`). */
  actionRef?: RefObject<ActionType | undefined>;
  rowKey?: ProTableProps<T, Params>['rowKey'];
}

/** A list's handle and its reload, for the dialogs around it. */
export function useListReload(table?: RefObject<ActionType | undefined>) {
  const own = useRef<ActionType>(undefined);
  const ref = table ?? own;
  return { table: ref, reload: () => void ref.current?.reload() };
}

/**
 * The one list of the web: ProTable with what every list wires the same way, the rows of a paged
 * contract (or the page's own request), the permission gate, the pager with the capped count, the
 * search form's defaults and 导出 of the last search's filters. Columns, row actions, toolbar buttons,
 * summaries and any other ProTable prop come from the page. ResourceTable is built on it.
 */
export function ListTable<T extends Record<string, unknown>>(props: ListTableProps<T>) {
  const { contract, request: ownRequest, access, noAccess, counted = false, fixedFilters, mapFilters, exportXls, buttons: before = [], buttonsEnd = [], actionRef, ...table } = props;
  const { request } = useServices();
  const gate = useListAccess(access, noAccess);
  const exporter = useListExport(request, exportXls?.path ?? '', exportXls?.name ?? '');
  const [cap, setCap] = useState<number | null>(null);
  const remember = (query: Record<string, unknown>) => exporter.rememberFilters(mapFilters ? mapFilters(query) : query);
  const rows = contract
    ? proTableRequest(request, contract, { extra: fixedFilters, mapFilters: remember, ...(counted ? { onCapped: setCap } : {}) })
    : ownRequest;

  const toolbar = [
    ...before,
    exportXls && (
      <ExportButton key="export" action={exportXls.action} icon={exportXls.icon} exporting={exporter.exporting} onExport={() => void exporter.download()}>
        {exportXls.label ?? ListTableText.export}
      </ExportButton>
    ),
    ...buttonsEnd,
  ].filter(Boolean);

  return (
    <ProTable<T, Params>
      rowKey="id"
      search={{ labelWidth: 'auto', defaultCollapsed: true }}
      scroll={{ x: 'max-content' }}
      {...table}
      pagination={table.pagination === false ? false : { ...(table.pagination ?? LIST_PAGER), ...(counted ? { showTotal: pageTotalText(cap) } : {}) }}
      actionRef={actionRef}
      request={rows && (gate.gate(rows as never) as never)}
      locale={gate.locale ?? table.locale}
      toolBarRender={toolbar.length > 0 ? () => toolbar : undefined}
    />
  );
}
