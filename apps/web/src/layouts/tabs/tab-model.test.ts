import { describe, expect, it } from 'vitest';
import type { TabItem } from '../../lib/app-state';
import { closeLeft, closeOthers, closeRight, closeTab, HOME_TAB, TabText, visitTab, withHomeFirst, type TabState } from './tab-model';

const HOME = '/dashboard/analysis';
const tab = (key: string, title = key): TabItem => ({ key, path: key, title });
const home = tab(HOME, '首页');
const [a, b, c] = [tab('/a'), tab('/b'), tab('/c')];
const keys = (s: TabState) => s.tabs.map((t) => t.key);

describe('visitTab', () => {
  it('adds a new page at the end and activates it', () => {
    expect(visitTab({ tabs: [home, a], activeKey: HOME }, b, HOME)).toEqual({ tabs: [home, a, b], activeKey: '/b' });
  });

  it('puts the home tab first', () => {
    expect(keys(visitTab({ tabs: [a], activeKey: '/a' }, home, HOME))).toEqual([HOME, '/a']);
  });

  it('activates a known page and takes its new title and address', () => {
    const state = visitTab({ tabs: [home, a], activeKey: '/a' }, { key: HOME, path: `${HOME}?x=1`, title: '首页' }, HOME);
    expect(state.activeKey).toBe(HOME);
    expect(state.tabs[0]?.path).toBe(`${HOME}?x=1`);
    expect(visitTab({ tabs: [a], activeKey: '/a' }, tab('/a', '用户'), HOME).tabs[0]?.title).toBe('用户');
  });
});

describe('withHomeFirst (issue 14)', () => {
  it('adds the home tab first when a browser tab opens on another page, keeping the active page', () => {
    expect(withHomeFirst({ tabs: [a], activeKey: '/a' }, home)).toEqual({ tabs: [home, a], activeKey: '/a' });
  });

  it('moves a home tab restored out of place to the front, keeping its address', () => {
    const visited = { ...home, path: `${HOME}?x=1` };
    expect(withHomeFirst({ tabs: [a, visited, b], activeKey: '/b' }, home)).toEqual({ tabs: [visited, a, b], activeKey: '/b' });
  });

  it('leaves a tab bar that starts with home as it is', () => {
    const state = { tabs: [home, a], activeKey: '/a' };
    expect(withHomeFirst(state, home)).toBe(state);
  });

  it('is the shell home page', () => {
    expect(HOME_TAB).toEqual({ key: HOME, path: HOME, title: '首页' });
  });
});

describe('closeTab (spec §2)', () => {
  it('refuses the home tab with 首页不能关闭!', () => {
    const state = { tabs: [home, a], activeKey: '/a' };
    const change = closeTab(state, HOME, HOME);
    expect(change.warning).toBe('首页不能关闭!');
    expect(change.tabs).toBe(state.tabs);
  });

  it('refuses the last remaining tab with 这是最后一页，不能再关闭了啦', () => {
    const change = closeTab({ tabs: [a], activeKey: '/a' }, '/a', HOME);
    expect(change.warning).toBe(TabText.lastTab);
    expect(TabText.lastTab).toBe('这是最后一页，不能再关闭了啦');
    expect(keys(change)).toEqual(['/a']);
    // The home tab alone is the last tab.
    expect(closeTab({ tabs: [home], activeKey: HOME }, HOME, HOME).warning).toBe(TabText.lastTab);
  });

  it('closing a background tab keeps the active one', () => {
    expect(closeTab({ tabs: [home, a, b], activeKey: '/b' }, '/a', HOME)).toEqual({ tabs: [home, b], activeKey: '/b' });
  });

  it('closing the active tab shows its right neighbour, or the left one at the end', () => {
    expect(closeTab({ tabs: [home, a, b], activeKey: '/a' }, '/a', HOME).activeKey).toBe('/b');
    expect(closeTab({ tabs: [home, a, b], activeKey: '/b' }, '/b', HOME).activeKey).toBe('/a');
  });
});

describe('right-click menu actions', () => {
  const state: TabState = { tabs: [home, a, b, c], activeKey: '/a' };

  it('关闭左侧 keeps the home tab', () => {
    expect(closeLeft(state, '/b', HOME)).toEqual({ tabs: [home, b, c], activeKey: '/b' });
  });

  it('关闭右侧 keeps the active tab when it is left of the clicked one', () => {
    expect(closeRight(state, '/b', HOME)).toEqual({ tabs: [home, a, b], activeKey: '/a' });
  });

  it('关闭其他 keeps the clicked tab and home, and shows the clicked one', () => {
    expect(closeOthers(state, '/c', HOME)).toEqual({ tabs: [home, c], activeKey: '/c' });
    expect(keys(closeOthers(state, HOME, HOME))).toEqual([HOME]);
  });

  it('an unknown key changes nothing', () => {
    expect(closeLeft(state, '/zzz', HOME)).toBe(state);
  });
});
