import { describe, expect, it } from 'vitest';
import type { NoticeItem, NoticeList } from '@care/shared';
import { bellCount, canHandle, opensAsPage, refOfItem, refOfPush, unseenItems } from './notice-model';

const item = (id: string, createTime: string, extra: Partial<NoticeItem> = {}): NoticeItem => ({
  id,
  msgCategory: '1',
  titile: `标题${id}`,
  priority: 'L',
  openType: null,
  openPage: null,
  busId: null,
  sender: '管理员',
  sendTime: createTime,
  createTime,
  ...extra,
});

const list = (annt: NoticeItem[], sys: NoticeItem[], totals = [annt.length, sys.length]): NoticeList => ({
  anntMsgList: annt,
  anntMsgTotal: totals[0]!,
  sysMsgList: sys,
  sysMsgTotal: totals[1]!,
});

describe('notice model', () => {
  it('the badge is the sum of both tabs’ totals, not of the listed items', () => {
    expect(bellCount(undefined)).toBe(0);
    expect(bellCount(list([item('a', '2025-01-01')], [], [12, 3]))).toBe(15);
  });

  it('unseen items: not listed before and not pushed, newest first across both tabs', () => {
    const now = list([item('a', '2025-01-01 08:00:00'), item('b', '2025-01-03 08:00:00')], [item('m', '2025-01-02 08:00:00', { msgCategory: '2' })]);
    expect(unseenItems(now, new Set(['a'])).map((i) => i.id)).toEqual(['b', 'm']);
    expect(unseenItems(now, new Set(['a', 'b', 'm']))).toEqual([]);
  });

  it('a component notice opens as a page only when the app has that page', () => {
    const keys = new Set(['crm/LeadDetail']);
    expect(opensAsPage(refOfItem(item('a', 'x', { openType: 'component', openPage: 'crm/LeadDetail' })), keys)).toBe(true);
    expect(opensAsPage(refOfItem(item('a', 'x', { openType: 'component', openPage: 'crm/Missing' })), keys)).toBe(false);
    expect(opensAsPage(refOfItem(item('a', 'x', { openType: 'url', openPage: '/crm/lead' })), keys)).toBe(false);
  });

  it('去处理 only for an unread url notice whose target is a path of this app', () => {
    expect(canHandle({ openType: 'url', openPage: '/crm/lead' }, true)).toBe(true);
    expect(canHandle({ openType: 'url', openPage: '/crm/lead' }, false)).toBe(false);
    expect(canHandle({ openType: 'component', openPage: 'crm/LeadDetail' }, true)).toBe(false);
    expect(canHandle({ openType: 'url', openPage: '//evil.example.com' }, true)).toBe(false);
    expect(canHandle({ openType: null, openPage: null }, true)).toBe(false);
  });

  it('a pushed payload opens like a bell item', () => {
    const ref = refOfPush({
      id: 'p',
      msgCategory: '2',
      title: '审批',
      content: '请审批',
      priority: 'M',
      openType: 'url',
      openPage: '/x',
      busId: 'b1',
      name: '系统',
      createTime: '2025-01-01 08:00:00',
    });
    expect(ref).toEqual({ id: 'p', msgCategory: '2', titile: '审批', openType: 'url', openPage: '/x', busId: 'b1' });
  });
});
