import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Spin, Tabs, Typography } from 'antd';
import type { NoticeItem, NoticeList } from '@care/shared';
import { PriorityTag } from '../message/PriorityTag';
import { bellCount, NOTICE_POPOVER_WIDTH, NoticeText } from './notice-model';

interface NoticeBellProps {
  list: NoticeList | undefined;
  /** The live-push socket is open (shown as data-push on the bell). */
  live: boolean;
  loading: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onItem: (item: NoticeItem) => void;
  onViewMore: () => void;
}

/**
 * The header bell (spec §2): a badge with both tabs' counts; a 300 px popover with the unread
 * announcements and system messages, each with its publish time and priority tag; 查看更多.
 */
export function NoticeBell({ list, live, loading, open, onOpenChange, onItem, onViewMore }: NoticeBellProps) {
  const tab = (items: NoticeItem[] | undefined, className: string) => (
    <List
      className={className}
      size="small"
      loading={loading && !list}
      dataSource={items ?? []}
      style={{ maxHeight: 360, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item className="notice-item" key={item.id} onClick={() => onItem(item)} style={{ cursor: 'pointer', paddingInline: 4 }}>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Link className="notice-item-title" ellipsis style={{ display: 'block' }}>
              {item.titile}
            </Typography.Link>
            <Typography.Text type="secondary" className="notice-item-time" style={{ fontSize: 12 }}>
              {item.createTime} {NoticeText.published}
            </Typography.Text>
          </div>
          <PriorityTag priority={item.priority} />
        </List.Item>
      )}
    />
  );

  const content = (
    <Spin spinning={loading && !!list} size="small">
      <Tabs
        className="notice-tabs"
        size="small"
        centered
        items={[
          { key: '1', label: `${NoticeText.tabNotice}(${list?.anntMsgTotal ?? 0})`, children: tab(list?.anntMsgList, 'notice-list-annt') },
          { key: '2', label: `${NoticeText.tabMessage}(${list?.sysMsgTotal ?? 0})`, children: tab(list?.sysMsgList, 'notice-list-sys') },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5,5,5,.06)', paddingTop: 4 }}>
        <Button type="link" className="notice-view-more" onClick={onViewMore}>
          {NoticeText.viewMore}
        </Button>
      </div>
    </Spin>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={{ pointAtCenter: true }}
      open={open}
      onOpenChange={onOpenChange}
      content={content}
      classNames={{ root: 'notice-popover' }}
      styles={{ root: { width: NOTICE_POPOVER_WIDTH } }}
    >
      <span className="shell-notice" data-push={live ? 'open' : 'closed'} role="button" aria-label={NoticeText.bell} style={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer', padding: '0 4px' }}>
        <Badge count={bellCount(list)} size="small" className="notice-badge" styles={{ root: { color: 'inherit' } }}>
          <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
        </Badge>
      </span>
    </Popover>
  );
}
