import { Tag } from 'antd';
import { CrmText } from './crm-text';

/** 启用 (green) or 停用 (grey). */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return enabled ? <Tag color="green">{CrmText.on}</Tag> : <Tag>{CrmText.off}</Tag>;
}
