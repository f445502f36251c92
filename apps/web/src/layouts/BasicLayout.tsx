import { lazy, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, ConfigProvider, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { HOME_PATH } from '../app/paths';
import { persistAppStateOnUnload, useAppStateStore } from '../lib/app-state';
import { useSettingsStore } from '../lib/settings-store';
import { TITLE_SUFFIX } from '../lib/useDocumentTitle';
import { useDevice } from './device';
import { HeaderRight } from './header/HeaderRight';
import { Logo } from './Logo';
import { isSubmenu, openKeysOnRoute, routeOpenKeys } from './menu/menu-model';
import { NavMenu } from './menu/NavMenu';
import { setCollapsed, useColorWeak, useHeaderVisible } from './shell-hooks';
import { crumbsFor } from './breadcrumb';
import { ShellBreadcrumb } from './ShellBreadcrumb';
import { Deferred } from './Deferred';
import {
  FIXED_CONTENT_WIDTH,
  HEADER_HEIGHT,
  SIDER_COLLAPSED_WIDTH,
  SIDER_WIDTH,
  TOP_MENU_LOGO_MIN_WIDTH,
  TOP_MENU_RIGHT_WIDTH,
} from './sizes';
import { MultiTab } from './tabs/MultiTab';
import { HOME_TAB, visitTab, withHomeFirst } from './tabs/tab-model';
import { useBrand } from './useBrand';
import { useNav } from './useNav';

// The settings drawer (colour picker, sliders) and the phone-width menu drawer load when first opened.
const SettingDrawer = lazy(() => import('./SettingDrawer').then((m) => ({ default: m.SettingDrawer })));
const MenuDrawer = lazy(() => import('./MenuDrawer'));

export const ShellText = { collapse: '收起菜单', expand: '展开菜单' } as const;

const DARK_BACKGROUND = '#001529';

/**
 * The application shell around the signed-in pages (spec §2 Shell, §4 Settings): menu from the
 * permission store, header, multi-tab bar, breadcrumb and footer. The primary colour applies to
 * everything inside it, messages and dialogs included.
 */
export function BasicLayout() {
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: primaryColor } }}>
      <App component={false}>
        <Shell />
      </App>
    </ConfigProvider>
  );
}

function Shell() {
  const settings = useSettingsStore();
  const device = useDevice();
  const nav = useNav();
  const { pathname, search } = useLocation();
  const collapsed = useAppStateStore((s) => s.collapsed);
  const refreshCount = useAppStateStore((s) => s.refreshCounts[pathname] ?? 0);
  const [menuDrawerOpen, setMenuDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const headerVisible = useHeaderVisible(settings.fixedHeader && settings.autoHideHeader);
  const { copyright } = useBrand();
  useColorWeak(settings.colorWeak);

  useEffect(() => persistAppStateOnUnload(), []);

  // Spec §4: below 1088 px the sidebar collapses (before the first paint, so it does not animate).
  // Below 768 px the menu is a drawer, which shows the menu expanded with its open submenus.
  useLayoutEffect(() => {
    if (device === 'tablet') setCollapsed(true);
    if (device === 'mobile') setCollapsed(false);
  }, [device]);

  useEffect(() => {
    const state = useAppStateStore.getState();
    state.patch(openKeysOnRoute(state, routeOpenKeys(nav.chain), state.collapsed));
  }, [nav.chain]);

  useEffect(() => {
    // A menu folder only redirects to its first page: it gets no tab of its own.
    const last = nav.chain.at(-1);
    if (last && (last.redirect || isSubmenu(last))) return;
    const state = useAppStateStore.getState();
    const visited = visitTab(state, { key: pathname, path: pathname + search, title: nav.title ?? pathname }, HOME_PATH);
    state.patch(withHomeFirst(visited, HOME_TAB));
  }, [pathname, search, nav.title, nav.chain]);

  // Runs after the page's own effects, so the menu's title wins where both set one.
  useEffect(() => {
    if (nav.title) document.title = `${nav.title}${TITLE_SUFFIX}`;
  }, [nav.title, pathname]);

  const crumbs = useMemo(() => crumbsFor(nav.chain, pathname), [nav.chain, pathname]);

  const mobile = device === 'mobile';
  const topMenu = settings.layout === 'topmenu' && !mobile;
  const showSider = !topMenu && !mobile;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixSider = showSider && settings.fixSiderbar;
  const fixedWidth = topMenu && settings.contentWidth === 'Fixed';
  const dark = settings.theme === 'dark';
  const headerDark = topMenu && dark;
  const centred = fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, width: '100%', marginInline: 'auto' } : {};

  const trigger = mobile ? (
    <HeaderTrigger label={ShellText.expand} folded onClick={() => setMenuDrawerOpen(true)} />
  ) : (
    <HeaderTrigger label={collapsed ? ShellText.expand : ShellText.collapse} folded={collapsed} onClick={() => setCollapsed(!collapsed)} />
  );

  return (
    <Layout className={`shell shell-${topMenu ? 'topmenu' : 'sidemenu'}`} style={{ minHeight: '100vh' }} data-device={device}>
      {showSider && (
        <Layout.Sider
          className="shell-sider"
          theme={settings.theme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          collapsible
          trigger={null}
          style={
            fixSider
              ? { position: 'fixed', insetInlineStart: 0, top: 0, bottom: 0, height: '100vh', overflowY: 'auto', zIndex: 11 }
              : { boxShadow: '2px 0 6px rgba(0,21,41,.35)' }
          }
        >
          <div style={{ height: HEADER_HEIGHT }}>
            <Logo collapsed={collapsed} theme={settings.theme} />
          </div>
          <NavMenu nodes={nav.visible} chain={nav.chain} mode="inline" theme={settings.theme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {mobile && (
        <Deferred when={menuDrawerOpen}>
          <MenuDrawer open={menuDrawerOpen} onClose={() => setMenuDrawerOpen(false)} theme={settings.theme} nodes={nav.visible} chain={nav.chain} />
        </Deferred>
      )}
      <Layout style={{ marginInlineStart: fixSider ? siderWidth : 0, transition: 'margin .2s' }}>
        <Layout.Header
          className="shell-header"
          style={{
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            padding: 0,
            background: headerDark ? DARK_BACKGROUND : '#fff',
            boxShadow: '0 1px 4px rgba(0,21,41,.08)',
            zIndex: 10,
            transition: 'transform .2s, width .2s',
            transform: headerVisible ? 'none' : 'translateY(-100%)',
            ...(settings.fixedHeader
              ? { position: 'fixed', top: 0, insetInlineEnd: 0, width: `calc(100% - ${showSider ? siderWidth : 0}px)` }
              : { position: 'relative' }),
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', height: '100%', paddingInline: topMenu ? 16 : 0, ...centred }}>
            {topMenu ? (
              <>
                <div style={{ minWidth: TOP_MENU_LOGO_MIN_WIDTH, height: '100%' }}>
                  <Logo theme={settings.theme} />
                </div>
                <NavMenu nodes={nav.visible} chain={nav.chain} mode="horizontal" theme={settings.theme} />
              </>
            ) : (
              <>
                {trigger}
                <div style={{ flex: 1 }} />
              </>
            )}
            <div style={{ minWidth: topMenu ? TOP_MENU_RIGHT_WIDTH : undefined, display: 'flex', justifyContent: 'flex-end', paddingInline: 16, height: '100%' }}>
              <HeaderRight nodes={nav.visible} theme={headerDark ? 'dark' : 'light'} compact={mobile} onOpenSettings={() => setSettingsOpen(true)} />
            </div>
          </div>
        </Layout.Header>
        {settings.fixedHeader && <div style={{ height: HEADER_HEIGHT, flex: 'none' }} />}
        {settings.multiTab && (
          <div className="shell-tabs" style={{ background: '#fff', padding: '6px 16px 0', ...centred }}>
            <MultiTab />
          </div>
        )}
        <Layout.Content className="shell-content" style={{ margin: '16px 24px 0', ...(fixedWidth ? { ...centred, marginInline: 'auto' } : {}) }}>
          <div style={{ marginBottom: 12 }}>
            <ShellBreadcrumb crumbs={crumbs} />
          </div>
          {/* A new key remounts the page: 刷新 in the tab menu bumps the count. */}
          <div className="shell-page" key={`${pathname}#${refreshCount}`}>
            <Outlet />
          </div>
        </Layout.Content>
        <Layout.Footer className="shell-footer" style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>
          {copyright}
        </Layout.Footer>
      </Layout>
      <Deferred when={settingsOpen}>
        <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </Deferred>
    </Layout>
  );
}

function HeaderTrigger({ label, folded, onClick }: { label: string; folded: boolean; onClick: () => void }) {
  const Icon = folded ? MenuUnfoldOutlined : MenuFoldOutlined;
  return (
    <button
      type="button"
      className="shell-trigger"
      aria-label={label}
      onClick={onClick}
      style={{ border: 0, background: 'transparent', cursor: 'pointer', fontSize: 18, padding: '0 24px', height: '100%' }}
    >
      <Icon />
    </button>
  );
}
