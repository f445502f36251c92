import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Authorized } from '../../lib/authorized/index';
import { toMinute } from './date-field';

/**
 * Columns and toolbar buttons the CRM lists (客户, 线索, 预约) share. Each helper returns the ProTable
 * column it replaces, so a list stays one array of columns.
 */

/** A search-only date (or date-time) range sent as two filters, `from` and `to`. */
export function rangeFilter<T>(
  title: ReactNode,
  dataIndex: string,
  from: string,
  to: string,
  valueType: 'dateRange' | 'dateTimeRange' = 'dateRange',
): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType,
    hideInTable: true,
    search: { transform: (value: [string, string]) => ({ [from]: value[0], [to]: value[1] }) },
  };
}

/** A sortable, table-only time column shown to the minute. */
export function minuteColumn<T extends object>(title: ReactNode, dataIndex: keyof T & string): ProColumns<T> {
  return { title, dataIndex, sorter: true, search: false, render: (_, row) => toMinute(row[dataIndex] as string | null) };
}

/** 下次跟进时间 (red once due), its range filter and the 待跟进 filter. */
export function nextFollowColumns<T extends { nextFollowAt: string | null }>(
  text: { nextFollowAt: string; followDue: string; followDueYes: string },
  className: string,
  isOverdue: (row: T) => boolean,
): ProColumns<T>[] {
  return [
    {
      title: text.nextFollowAt,
      dataIndex: 'nextFollowAt',
      sorter: true,
      search: false,
      render: (_, row) => (
        <span className={className} style={isOverdue(row) ? { color: '#ff4d4f' } : undefined}>
          {toMinute(row.nextFollowAt)}
        </span>
      ),
    },
    rangeFilter<T>(text.nextFollowAt, 'nextFollowRange', 'nextFollowFrom', 'nextFollowTo', 'dateTimeRange'),
    {
      title: text.followDue,
      dataIndex: 'followDue',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: text.followDueYes } },
      search: { transform: (value: string) => ({ followDue: value === 'true' }) },
    },
  ];
}

/** 预产期: the table column and its range filter. */
export function dueDateColumns<T extends { dueDate: string | null }>(title: ReactNode): ProColumns<T>[] {
  return [
    { title, dataIndex: 'dueDate', sorter: true, search: false, render: (_, row) => row.dueDate ?? '-' },
    rangeFilter<T>(title, 'dueDateRange', 'dueDateFrom', 'dueDateTo'),
  ];
}

/** The 导出 toolbar button, shown to holders of `action` (with the download icon unless `icon` says otherwise). */
export function ExportButton({ action, exporting, onExport, icon = <DownloadOutlined />, children }: { action: string; exporting: boolean; onExport: () => void; icon?: ReactNode; children: ReactNode }) {
  return (
    <Authorized action={action}>
      <Button icon={icon} loading={exporting} onClick={onExport}>
        {children}
      </Button>
    </Authorized>
  );
}

/** The primary 新增 toolbar button, shown to holders of `action`. */
export function AddButton({ action, onAdd, children }: { action: string; onAdd: () => void; children: ReactNode }) {
  return (
    <Authorized action={action}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {children}
      </Button>
    </Authorized>
  );
}
