import { describe, expect, it } from 'vitest';
import { APP_STATE_KEY, INITIAL_APP_STATE, installAppStateSaver, loadAppState, parseAppState, saveAppState, serializeAppState, type SavedAppState } from './app-state';
import { memoryBackend } from './storage';

const state: SavedAppState = {
  tabs: [
    { key: '/dashboard/analysis', path: '/dashboard/analysis', title: '首页' },
    { key: '/system/user', path: '/system/user?page=2', title: '用户管理' },
  ],
  activeKey: '/system/user',
  collapsed: true,
  openKeys: [],
  cachedOpenKeys: ['system'],
};

describe('app state save and restore (spec §4)', () => {
  it('what is saved is restored', () => {
    const backend = memoryBackend();
    saveAppState(backend, state);
    expect(backend.map.has(APP_STATE_KEY)).toBe(true);
    expect(loadAppState(backend)).toEqual(state);
  });

  it('only the saved fields travel (no refresh counters or functions)', () => {
    const extra = { ...state, refreshCounts: { '/x': 2 }, patch: () => undefined };
    expect(JSON.parse(serializeAppState(extra))).toEqual(state);
  });

  it('nothing saved, unreadable or foreign data gives the initial state', () => {
    expect(loadAppState(memoryBackend())).toEqual(INITIAL_APP_STATE);
    expect(parseAppState('{not json')).toEqual(INITIAL_APP_STATE);
    expect(parseAppState(JSON.stringify({ tabs: 'x' }))).toEqual(INITIAL_APP_STATE);
    expect(loadAppState(null)).toEqual(INITIAL_APP_STATE);
  });

  it('a storage that throws neither breaks saving nor loading', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => saveAppState(broken, state)).not.toThrow();
    expect(loadAppState(broken)).toEqual(INITIAL_APP_STATE);
  });

  it('the saver writes the current state on beforeunload, and stops when uninstalled', () => {
    const target = new EventTarget();
    const backend = memoryBackend();
    let current = state;
    const uninstall = installAppStateSaver(target, backend, () => current);
    expect(backend.map.size).toBe(0);
    target.dispatchEvent(new Event('beforeunload'));
    expect(loadAppState(backend)).toEqual(state);

    current = { ...state, collapsed: false };
    uninstall();
    target.dispatchEvent(new Event('beforeunload'));
    expect(loadAppState(backend).collapsed).toBe(true);
  });
});
