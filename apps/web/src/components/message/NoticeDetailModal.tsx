import type { ReactNode } from 'react';
import { Button, Descriptions, Modal } from 'antd';
import type { Priority } from '@care/shared';
import { PriorityTag } from './PriorityTag';
import { SafeHtml } from './SafeHtml';

export interface NoticeDetail {
  titile: string;
  msgContent: string;
  priority: Priority;
  sender: string | null;
  sendTime: string | null;
}

export const NoticeDetailText = { sender: '发布人', sendTime: '发布时间', priority: '优先级', close: '关闭' } as const;

/** Title, sender, send time and the sanitised HTML content; 60% wide (spec §2 notice modal). */
export function NoticeDetailModal({ notice, onClose, footer }: { notice: NoticeDetail | null; onClose: () => void; footer?: ReactNode }) {
  return (
    <Modal
      open={notice !== null}
      title={notice?.titile}
      width="60%"
      onCancel={onClose}
      footer={footer ?? <Button onClick={onClose}>{NoticeDetailText.close}</Button>}
      destroyOnHidden
      className="notice-detail-modal"
    >
      {notice && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={NoticeDetailText.sender}>{notice.sender ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={NoticeDetailText.sendTime}>{notice.sendTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={NoticeDetailText.priority}>
              <PriorityTag priority={notice.priority} />
            </Descriptions.Item>
          </Descriptions>
          <SafeHtml html={notice.msgContent} />
        </>
      )}
    </Modal>
  );
}
