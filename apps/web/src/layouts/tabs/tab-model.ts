import { HOME_PATH } from '../../app/paths';
import type { TabItem } from '../../lib/app-state';

/** Spec §2 Shell: the two refusals of the multi-tab bar. */
export const TabText = {
  homeNotClosable: '首页不能关闭!',
  lastTab: '这是最后一页，不能再关闭了啦',
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
} as const;

/** The 首页 tab every tab bar starts with. */
export const HOME_TAB: TabItem = { key: HOME_PATH, path: HOME_PATH, title: '首页' };

export interface TabState {
  tabs: TabItem[];
  activeKey: string | null;
}

export interface TabChange extends TabState {
  /** Set when the request was refused; the state is then unchanged. */
  warning?: string;
}

/**
 * Visits a page: activates its tab, adding it when new (the home tab always goes first) and
 * updating a title that has changed (the menu may load after the page).
 */
export function visitTab(state: TabState, tab: TabItem, homeKey: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === tab.key);
  if (at >= 0) {
    const current = state.tabs[at];
    const same = current && current.title === tab.title && current.path === tab.path;
    const tabs = same ? state.tabs : state.tabs.map((t, i) => (i === at ? tab : t));
    return { tabs, activeKey: tab.key };
  }
  const tabs = tab.key === homeKey ? [tab, ...state.tabs] : [...state.tabs, tab];
  return { tabs, activeKey: tab.key };
}

/**
 * The home tab first, added when missing: also in a new browser tab and after a full reload on
 * another page (issue 14). The same state object when nothing changes.
 */
export function withHomeFirst(state: TabState, home: TabItem): TabState {
  if (state.tabs[0]?.key === home.key) return state;
  const existing = state.tabs.find((t) => t.key === home.key);
  return { tabs: [existing ?? home, ...state.tabs.filter((t) => t.key !== home.key)], activeKey: state.activeKey };
}

/**
 * Closes one tab; the home tab and the last remaining tab refuse with the spec's warnings (the home
 * tab alone is the last tab).
 */
export function closeTab(state: TabState, key: string, homeKey: string): TabChange {
  if (state.tabs.length <= 1) return { ...state, warning: TabText.lastTab };
  if (key === homeKey) return { ...state, warning: TabText.homeNotClosable };
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  // The closed tab was showing: show its right-hand neighbour, or the left one at the end.
  const next = tabs[Math.min(at, tabs.length - 1)];
  return { tabs, activeKey: next?.key ?? null };
}

function keepWhere(state: TabState, key: string, keep: (index: number, at: number, tab: TabItem) => boolean, homeKey: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  const tabs = state.tabs.filter((tab, i) => tab.key === homeKey || keep(i, at, tab));
  const activeKey = tabs.some((t) => t.key === state.activeKey) ? state.activeKey : key;
  return { tabs, activeKey };
}

/** Closes the tabs left of `key`; the home tab stays. */
export function closeLeft(state: TabState, key: string, homeKey: string): TabState {
  return keepWhere(state, key, (i, at) => i >= at, homeKey);
}

/** Closes the tabs right of `key`; the home tab stays. */
export function closeRight(state: TabState, key: string, homeKey: string): TabState {
  return keepWhere(state, key, (i, at) => i <= at, homeKey);
}

/** Closes every tab but `key` and the home tab. */
export function closeOthers(state: TabState, key: string, homeKey: string): TabState {
  return keepWhere(state, key, (i, at) => i === at, homeKey);
}
