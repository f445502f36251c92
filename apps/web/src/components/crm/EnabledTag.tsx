import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { CrmText } from './crm-text';

/** 启用 (green) or 停用 (grey). */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return enabled ? <Tag color="green">{CrmText.on}</Tag> : <Tag>{CrmText.off}</Tag>;
}

/** The 状态 column of an enabled flag; `filter` adds the 启用/停用 search select. */
export function enabledColumn<T extends { enabled: boolean }>(title: string, filter = false): ProColumns<T> {
  return {
    title,
    dataIndex: 'enabled',
    ...(filter ? { valueType: 'select', valueEnum: { true: { text: CrmText.on }, false: { text: CrmText.off } } } : { search: false }),
    render: (_, row) => <EnabledTag enabled={row.enabled} />,
  };
}
