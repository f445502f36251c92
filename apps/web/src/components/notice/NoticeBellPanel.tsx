import { Button, List, Spin, Tabs, Typography } from 'antd';
import type { NoticeItem, NoticeList } from '@care/shared';
import { PriorityTag } from '../message/PriorityTag';
import { NoticeText } from './notice-model';

export interface NoticeBellPanelProps {
  list: NoticeList | undefined;
  loading: boolean;
  onItem: (item: NoticeItem) => void;
  onViewMore: () => void;
}

/** The bell popover's content: both tabs' lists and 查看更多. Loaded when the popover first opens. */
export function NoticeBellPanel({ list, loading, onItem, onViewMore }: NoticeBellPanelProps) {
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

  return (
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

}
