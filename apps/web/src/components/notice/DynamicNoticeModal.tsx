import { createContext, useContext } from 'react';
import { Modal } from 'antd';
import { PageBoundary } from '../../app/PageBoundary';
import { lazyPage } from '../../app/page-registry';
import { NOTICE_MODAL_WIDTH } from './notice-model';

export interface DynamicNotice {
  /** A page key (`module/Page`) the app has. */
  pageKey: string;
  busId: string | null;
  title: string;
}

const NoticeBusContext = createContext<string | null>(null);

/** Inside a page opened from a notice: the notice's business id (spec §3 Announcement busId), else null. */
export function useNoticeBusId(): string | null {
  return useContext(NoticeBusContext);
}

/** A notice whose openType is 'component': its page, in a dialog, with the notice's busId (spec §2). */
export function DynamicNoticeModal({ target, onClose }: { target: DynamicNotice | null; onClose: () => void }) {
  const Page = target ? lazyPage(target.pageKey) : null;
  return (
    <Modal open={target !== null} className="notice-dynamic-modal" title={target?.title} width={NOTICE_MODAL_WIDTH} onCancel={onClose} footer={null} destroyOnHidden>
      {Page && (
        <NoticeBusContext.Provider value={target?.busId ?? null}>
          <PageBoundary>
            <Page />
          </PageBoundary>
        </NoticeBusContext.Provider>
      )}
    </Modal>
  );
}
