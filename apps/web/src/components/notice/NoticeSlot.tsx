import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { App, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { announcementContract, messageRecordContract, type LivePushPayload, type NoticeItem } from '@care/shared';
import { PAGE_KEYS } from '../../app/page-registry';
import type { RequestClient } from '../../lib/request';
import { usePushClient } from '../../lib/push/usePushClient';
import { useServices } from '../../lib/useServices';
import { Deferred } from '../../layouts/Deferred';
import type { DynamicNotice } from './DynamicNoticeModal';
import { NoticeBell } from './NoticeBell';
import type { NoticeView } from './NoticeModal';
import {
  BELL_PAGE_SIZE,
  canHandle,
  idsOf,
  MESSAGE_RECORD_PATH,
  MISSED_SHOWN_MAX,
  NOTICE_BELL_QUERY_KEY,
  NoticeText,
  opensAsPage,
  PUSH_NOTIFICATION,
  refOfItem,
  refOfPush,
  unseenItems,
  type NoticeRef,
} from './notice-model';

// The notice dialogs (with the HTML sanitiser) load when a notice is first opened, not with the shell.
const NoticeModal = lazy(() => import('./NoticeModal').then((m) => ({ default: m.NoticeModal })));
const DynamicNoticeModal = lazy(() => import('./DynamicNoticeModal').then((m) => ({ default: m.DynamicNoticeModal })));

/**
 * The header's notices (spec §2): the bell and its popover, the notice modal, the dynamic-page
 * dialog, and live push — pushed notices pop up bottom right for 120 s, and after the socket was lost
 * the bell fetches what was missed.
 */
export function NoticeSlot() {
  const { request } = useServices();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [popover, setPopover] = useState(false);
  const [viewing, setViewing] = useState<{ notice: NoticeView; wasUnread: boolean } | null>(null);
  const [dynamic, setDynamic] = useState<DynamicNotice | null>(null);
  const [live, setLive] = useState(false);
  // Every notice this page has listed or been pushed: after a reconnect, the others were missed.
  const seen = useRef(new Set<string>());

  const fetchBell = useCallback(() => request.call(announcementContract.listByUser, { pageSize: BELL_PAGE_SIZE }), [request]);
  const bell = useQuery({ queryKey: NOTICE_BELL_QUERY_KEY, queryFn: fetchBell, refetchInterval: 5 * 60_000 });
  useEffect(() => {
    if (bell.data) for (const id of idsOf(bell.data)) seen.current.add(id);
  }, [bell.data]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: NOTICE_BELL_QUERY_KEY }), [queryClient]);

  // Whatever another page changes (a message marked read, an announcement published) may change the counts.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') refresh();
      }),
    [queryClient, refresh],
  );

  const markRead = (ref: NoticeRef) =>
    request
      .call(announcementContract.editByAnntIdAndUserId, { anntId: ref.id, msgCategory: ref.msgCategory })
      .catch(() => undefined)
      .finally(refresh);

  /** Marks the notice read and opens it: its page as a dynamic page, or the detail dialog (spec §2). */
  const open = async (ref: NoticeRef) => {
    setPopover(false);
    if (opensAsPage(ref, PAGE_KEYS)) {
      setDynamic({ pageKey: ref.openPage, busId: ref.busId, title: ref.titile });
      void markRead(ref);
      return;
    }
    // The request layer already told the user why it failed.
    const notice = await loadNotice(request, ref).catch(() => null);
    if (!notice) return;
    setViewing({ notice, wasUnread: notice.readFlag === '0' });
    void markRead(ref);
  };

  const pop = (payload: LivePushPayload, kind: 'notice' | 'message') => {
    seen.current.add(payload.id);
    const key = `push-${payload.id}`;
    notification.open({
      key,
      className: `push-notification push-notification-${kind}`,
      message: payload.title,
      description: <PushDescription payload={payload} kind={kind} />,
      duration: PUSH_NOTIFICATION.duration,
      placement: PUSH_NOTIFICATION.placement,
      style: { width: PUSH_NOTIFICATION.width },
      actions: (
        <Button
          type="primary"
          size="small"
          className="push-notification-view"
          onClick={() => {
            notification.destroy(key);
            void open(refOfPush(payload));
          }}
        >
          {NoticeText.viewDetail}
        </Button>
      ),
    });
  };

  /** After the socket was lost: refresh the bell, and pop up (a few of) the notices that came meanwhile. */
  const catchUp = async () => {
    const list = await queryClient.fetchQuery({ queryKey: NOTICE_BELL_QUERY_KEY, queryFn: fetchBell, staleTime: 0 }).catch(() => null);
    if (!list) return;
    const missed = unseenItems(list, seen.current);
    for (const id of idsOf(list)) seen.current.add(id);
    for (const item of missed.slice(0, MISSED_SHOWN_MAX).reverse()) {
      const notice = await loadNotice(request, refOfItem(item)).catch(() => null);
      if (notice) pop(payloadOf(item, notice), item.msgCategory === '2' ? 'message' : 'notice');
    }
  };

  usePushClient({
    onFrame: (frame) => {
      if (frame.type === 'resync') {
        void catchUp();
        return;
      }
      pop(frame, frame.type);
      refresh();
    },
    onOpen: (reconnected) => {
      setLive(true);
      // Either way the counts may have changed since the bell was fetched.
      if (reconnected) void catchUp();
      else refresh();
    },
    onClose: () => setLive(false),
  });

  const handle = () => {
    const page = viewing?.notice.openPage;
    setViewing(null);
    if (page) void navigate(page);
  };

  return (
    <>
      <NoticeBell
        list={bell.data}
        live={live}
        loading={bell.isFetching}
        open={popover}
        onOpenChange={(next) => {
          setPopover(next);
          if (next) refresh();
        }}
        onItem={(item) => void open(refOfItem(item))}
        onViewMore={() => {
          setPopover(false);
          void navigate(MESSAGE_RECORD_PATH);
        }}
      />
      <Deferred when={viewing !== null}>
        <NoticeModal
          notice={viewing?.notice ?? null}
          handleable={viewing ? canHandle(viewing.notice, viewing.wasUnread) : false}
          onHandle={handle}
          onClose={() => setViewing(null)}
        />
      </Deferred>
      <Deferred when={dynamic !== null}>
        <DynamicNoticeModal target={dynamic} onClose={() => setDynamic(null)} />
      </Deferred>
    </>
  );
}

/** Spec §2: a pushed 'notice' shows its content only; a 'message' its content, sender and send time. */
function PushDescription({ payload, kind }: { payload: LivePushPayload; kind: 'notice' | 'message' }) {
  return (
    <div className="push-notification-body">
      <div className="push-notification-content" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {payload.content}
      </div>
      {kind === 'message' && (
        <div className="push-notification-meta" style={{ marginTop: 8, color: 'rgba(0,0,0,.45)', fontSize: 12 }}>
          <span className="push-notification-sender">
            {NoticeText.sender}：{payload.name}
          </span>
          <span className="push-notification-time" style={{ marginLeft: 16 }}>
            {NoticeText.sendTime}：{payload.createTime}
          </span>
        </div>
      )}
    </div>
  );
}

type LoadedNotice = NoticeView & { readFlag: '0' | '1' };

/** The full notice: an announcement through queryById, a message through the message record's. */
async function loadNotice(request: RequestClient, ref: NoticeRef): Promise<LoadedNotice> {
  if (ref.msgCategory === '2') return request.call(messageRecordContract.queryById, { id: ref.id });
  return request.call(announcementContract.queryById, { id: ref.id });
}

/** A notice missed while disconnected, shown as its push would have been. */
function payloadOf(item: NoticeItem, notice: LoadedNotice): LivePushPayload {
  return {
    id: item.id,
    msgCategory: item.msgCategory,
    title: item.titile,
    content: plainText(notice.msgContent),
    priority: item.priority,
    openType: item.openType,
    openPage: item.openPage,
    busId: item.busId,
    name: item.sender,
    createTime: item.createTime,
  };
}

/** Text of sanitised HTML, for a notification (parsed inert: nothing in it runs or loads). */
function plainText(html: string, max = 200): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

