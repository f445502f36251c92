import { lazy, Suspense } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Popover } from 'antd';
import type { NoticeItem, NoticeList } from '@care/shared';
import { bellCount, NOTICE_POPOVER_WIDTH, NoticeText } from './notice-model';

// The lists (antd List, Tabs, priority tags) load when the popover first opens, not with the shell.
const NoticeBellPanel = lazy(() => import('./NoticeBellPanel').then((m) => ({ default: m.NoticeBellPanel })));

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
  const content = (
    <Suspense fallback={<div style={{ minHeight: 120 }} />}>
      <NoticeBellPanel list={list} loading={loading} onItem={onItem} onViewMore={onViewMore} />
    </Suspense>
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
