import type { ProColumns } from '@ant-design/pro-components';
import { auditLogContract, LOGIN_LOG_EXPORT_PATH, Permission, VISIT_LOG_EXPORT_PATH } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';

export const AuditLogText = {
  time: '时间',
  export: '导出',
} as const;

/** The time-range filter of a log list: sent as `from` / `to` (Asia/Shanghai wall time). */
export function timeRangeFilter<T>(): ProColumns<T> {
  return {
    title: AuditLogText.time,
    dataIndex: 'timeRange',
    valueType: 'dateTimeRange',
    hideInTable: true,
    search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
  };
}

/** A log's time column (newest first) and the time-range filter. */
export function logTimeColumns<T>(title: string): ProColumns<T>[] {
  return [{ title, dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend' }, timeRangeFilter<T>()];
}

/** Each log's list contract, its actions and its export (the table's class is `<kind>-log-table`). */
const LOGS = {
  login: { contract: auditLogContract.loginLogList, listAction: Permission.loginLogList, exportAction: Permission.loginLogExport, exportPath: LOGIN_LOG_EXPORT_PATH },
  visit: { contract: auditLogContract.visitLogList, listAction: Permission.visitLogList, exportAction: Permission.visitLogExport, exportPath: VISIT_LOG_EXPORT_PATH },
} as const;

interface AuditLogTableProps<T> {
  log: keyof typeof LOGS;
  /** The table's title and the export's file name (before the date and `.xlsx`). */
  title: string;
  columns: ProColumns<T>[];
}

/** A filtered, paged log list whose 导出 button exports what the filters currently select. */
export function AuditLogTable<T extends Record<string, unknown>>({ log, title, columns }: AuditLogTableProps<T>) {
  const { contract, listAction, exportAction, exportPath } = LOGS[log];
  // The export is of what the list shows: the filters of the last search, without paging.
  return (
    <ListTable<T>
      className={`${log}-log-table`}
      headerTitle={title}
      columns={columns}
      contract={contract}
      access={listAction}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      dateFormatter="string"
      exportXls={{ path: exportPath, name: title, action: exportAction, label: AuditLogText.export }}
    />
  );
}
