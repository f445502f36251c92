import { describe, expect, it } from 'vitest';
import { applySettings, DEFAULT_SETTINGS, normalizeSettings, useSettingsStore, type Settings } from './settings-store';

describe('settings defaults (spec §4)', () => {
  it('primary #2362fb, dark, side menu, Fixed, fixed sidebar and multi-tab on', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      theme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multiTab: true,
      primaryColor: '#2362fb',
    });
  });

  it('the store starts from the defaults', () => {
    const { update: _u, reset: _r, ...state } = useSettingsStore.getState();
    expect(state).toEqual(DEFAULT_SETTINGS);
  });
});

describe('applySettings: dependency rules', () => {
  const base: Settings = { ...DEFAULT_SETTINGS };
  const top = applySettings(base, { layout: 'topmenu' });

  it('Fluid is refused with the side menu', () => {
    expect(applySettings(base, { contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
  });

  it('Fluid is allowed with the top menu, and goes back to Fixed with the side menu', () => {
    const fluid = applySettings(top, { contentWidth: 'Fluid' });
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applySettings(fluid, { layout: 'sidemenu' }).contentWidth).toBe('Fixed');
  });

  it('hiding the header needs the fixed header', () => {
    expect(applySettings(base, { autoHideHeader: true }).autoHideHeader).toBe(false);
    const fixed = applySettings(base, { fixedHeader: true });
    expect(applySettings(fixed, { autoHideHeader: true }).autoHideHeader).toBe(true);
  });

  it('turning the fixed header off turns hiding off', () => {
    const hiding = applySettings(base, { fixedHeader: true, autoHideHeader: true });
    expect(applySettings(hiding, { fixedHeader: false })).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('the fixed sidebar is off, and stays off, with the top menu', () => {
    expect(top.fixSiderbar).toBe(false);
    expect(applySettings(top, { fixSiderbar: true }).fixSiderbar).toBe(false);
    expect(applySettings(applySettings(top, { layout: 'sidemenu' }), { fixSiderbar: true }).fixSiderbar).toBe(true);
  });

  it('independent settings change alone', () => {
    expect(applySettings(base, { colorWeak: true, multiTab: false, theme: 'light' })).toEqual({ ...base, colorWeak: true, multiTab: false, theme: 'light' });
  });

  it('a primary colour that is not a hex colour keeps the current one', () => {
    expect(applySettings(base, { primaryColor: '#1890ff' }).primaryColor).toBe('#1890ff');
    expect(applySettings(base, { primaryColor: 'red; x' }).primaryColor).toBe('#2362fb');
  });

  it('does not change its input', () => {
    const before = { ...base };
    applySettings(base, { layout: 'topmenu', colorWeak: true });
    expect(base).toEqual(before);
  });
});

describe('normalizeSettings: stored values', () => {
  it('nothing stored gives the defaults', () => {
    expect(normalizeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings('x')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid values, replaces invalid ones, applies the rules', () => {
    expect(normalizeSettings({ layout: 'topmenu', colorWeak: true, theme: 'purple', contentWidth: 'Fluid', fixSiderbar: true, primaryColor: 42 })).toEqual({
      ...DEFAULT_SETTINGS,
      layout: 'topmenu',
      colorWeak: true,
      contentWidth: 'Fluid',
      fixSiderbar: false,
    });
  });
});

describe('useSettingsStore', () => {
  it('update applies the rules; reset restores the defaults', () => {
    const store = useSettingsStore.getState();
    store.update({ layout: 'topmenu', colorWeak: true });
    expect(useSettingsStore.getState()).toMatchObject({ layout: 'topmenu', colorWeak: true, fixSiderbar: false });
    useSettingsStore.getState().reset();
    expect(useSettingsStore.getState()).toMatchObject(DEFAULT_SETTINGS);
  });
});
