import type { LivePushPayload, MsgCategory, NoticeItem, NoticeList, OpenType } from '@care/shared';

/** Texts of the bell, its popover, the notice modal and pushed notifications. */
export const NoticeText = {
  bell: '消息通知',
  tabNotice: '通知',
  tabMessage: '系统消息',
  published: '发布',
  viewMore: '查看更多',
  goHandle: '去处理',
  close: '关闭',
  viewDetail: '查看详情',
  sender: '发送人',
  sendTime: '发送时间',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
} as const;

/** Spec §2, §9. */
export const NOTICE_POPOVER_WIDTH = 300;
export const NOTICE_MODAL_WIDTH = '60%';
export const PUSH_NOTIFICATION = { duration: 120, width: 500, placement: 'bottomRight' } as const;
/** Items per tab in the popover; the tab titles count them all. */
export const BELL_PAGE_SIZE = 10;
/** After a reconnect, at most this many missed notices pop up (the bell lists them all). */
export const MISSED_SHOWN_MAX = 3;
/** The bell (spec §2 view-more target, route name food-messageRecord). */
export const MESSAGE_RECORD_PATH = '/food/messageRecord';
export const NOTICE_BELL_QUERY_KEY = ['notice', 'bell'] as const;

/** What opening a notice needs, from a bell item or from a pushed one. */
export interface NoticeRef {
  id: string;
  msgCategory: MsgCategory;
  titile: string;
  openType: OpenType | null;
  openPage: string | null;
  busId: string | null;
}

/** The badge: the sum of both tabs' counts (spec §2). */
export function bellCount(list: NoticeList | undefined): number {
  return list ? list.anntMsgTotal + list.sysMsgTotal : 0;
}

export function refOfItem(item: NoticeItem): NoticeRef {
  return { id: item.id, msgCategory: item.msgCategory, titile: item.titile, openType: item.openType, openPage: item.openPage, busId: item.busId };
}

export function refOfPush(payload: LivePushPayload): NoticeRef {
  return { id: payload.id, msgCategory: payload.msgCategory, titile: payload.title, openType: payload.openType, openPage: payload.openPage, busId: payload.busId };
}

/** A 'component' notice opens its page key as a dynamic page when the app has that page; else the detail dialog. */
export function opensAsPage(ref: NoticeRef, pageKeys: ReadonlySet<string>): ref is NoticeRef & { openPage: string } {
  return ref.openType === 'component' && ref.openPage !== null && pageKeys.has(ref.openPage);
}

/** 去处理 is offered for an unread notice that opens a page of this app (spec §2 notice modal). */
export function canHandle(notice: { openType: OpenType | null; openPage: string | null }, wasUnread: boolean): boolean {
  return wasUnread && notice.openType === 'url' && typeof notice.openPage === 'string' && notice.openPage.startsWith('/') && !notice.openPage.startsWith('//');
}

/** Items of `list` the page has not seen yet (neither listed before nor pushed), newest first. */
export function unseenItems(list: NoticeList, seen: ReadonlySet<string>): NoticeItem[] {
  return [...list.anntMsgList, ...list.sysMsgList].filter((item) => !seen.has(item.id)).sort((a, b) => b.createTime.localeCompare(a.createTime));
}

export function idsOf(list: NoticeList): string[] {
  return [...list.anntMsgList, ...list.sysMsgList].map((item) => item.id);
}
