import type { ReactNode } from 'react';
import { List, Space, Typography } from 'antd';
import type { FollowUp } from '@care/shared';
import { DictTag } from '../../components/dict/DictTag';
import { FollowUpText } from '../../components/crm/crm-text';
import { toMinute } from '../../components/crm/date-field';

/** One follow-up in a list: type, way, author and time, the content, the next follow-up time. */
export function FollowUpMeta({ row, tag, contentClassName }: { row: FollowUp; tag?: ReactNode; contentClassName: string }) {
  return (
    <List.Item.Meta
      title={
        <Space size={8} wrap>
          <DictTag code="follow_up_type" value={row.type} />
          <DictTag code="follow_up_way" value={row.way} />
          {tag}
          <Typography.Text type="secondary">
            {row.createdByName ?? '-'} · {toMinute(row.createdAt)}
          </Typography.Text>
        </Space>
      }
      description={
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }} className={contentClassName}>
            {row.content}
          </Typography.Paragraph>
          {row.nextFollowAt && (
            <Typography.Text type="secondary">
              {FollowUpText.nextFollowAt}：{toMinute(row.nextFollowAt)}
            </Typography.Text>
          )}
        </>
      }
    />
  );
}
