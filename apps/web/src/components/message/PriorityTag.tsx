import { Tag } from 'antd';
import { PriorityLabel, type Priority } from '@care/shared';

/** L 一般消息 (blue), M 重要消息 (orange), H 紧急消息 (red) — spec §2. */
export function PriorityTag({ priority }: { priority: Priority }) {
  const label = PriorityLabel[priority];
  return <Tag color={label.color}>{label.text}</Tag>;
}
