import { useState } from 'react';
import { CalendarOutlined, FullscreenExitOutlined, FullscreenOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tooltip, Typography } from 'antd';
import type { OpenType, Priority } from '@care/shared';
import { PriorityTag } from '../message/PriorityTag';
import { SafeHtml } from '../message/SafeHtml';
import { NOTICE_MODAL_WIDTH, NoticeText } from './notice-model';

/** An announcement or a message as the notice modal shows it (spec §3 Notice). */
export interface NoticeView {
  titile: string;
  msgContent: string;
  priority: Priority;
  sender: string;
  sendTime: string;
  openType: OpenType | null;
  openPage: string | null;
}

interface NoticeModalProps {
  notice: NoticeView | null;
  /** Offer 去处理 (an unread notice opening a page of this app). */
  handleable: boolean;
  onHandle: () => void;
  onClose: () => void;
}

/**
 * The notice modal (spec §2): title, sender, send time and the sanitised HTML content, 60% wide or the
 * whole window in full screen; 去处理 goes to the notice's page.
 */
export function NoticeModal({ notice, handleable, onHandle, onClose }: NoticeModalProps) {
  const [full, setFull] = useState(false);
  return (
    <Modal
      open={notice !== null}
      className="notice-modal"
      width={full ? '100%' : NOTICE_MODAL_WIDTH}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={full ? { body: { minHeight: 'calc(100vh - 140px)' } } : undefined}
      title={
        <Space>
          <Tooltip title={full ? NoticeText.exitFullscreen : NoticeText.fullscreen}>
            <Button
              className="notice-modal-fullscreen"
              size="small"
              type="text"
              aria-label={full ? NoticeText.exitFullscreen : NoticeText.fullscreen}
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => setFull(!full)}
            />
          </Tooltip>
          <span className="notice-modal-title">{notice?.titile}</span>
        </Space>
      }
      onCancel={onClose}
      afterClose={() => setFull(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{NoticeText.close}</Button>
          {handleable && (
            <Button type="primary" className="notice-modal-handle" onClick={onHandle}>
              {NoticeText.goHandle}
            </Button>
          )}
        </Space>
      }
    >
      {notice && (
        <>
          <Space size="large" className="notice-modal-meta" style={{ marginBottom: 12 }} wrap>
            <Typography.Text type="secondary" className="notice-modal-sender">
              <UserOutlined /> {notice.sender}
            </Typography.Text>
            <Typography.Text type="secondary" className="notice-modal-time">
              <CalendarOutlined /> {notice.sendTime}
            </Typography.Text>
            <PriorityTag priority={notice.priority} />
          </Space>
          <SafeHtml html={notice.msgContent} className="notice-modal-content" />
        </>
      )}
    </Modal>
  );
}
