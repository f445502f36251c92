import type { ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
// The ES module: the CommonJS entry 'antd/locale/zh_CN' reaches the bundle as { default } and antd falls back to English.
import zhCN from 'antd/es/locale/zh_CN';

/** Default primary colour (spec §4); the settings drawer will make it a user setting. */
export const PRIMARY_COLOR = '#2362fb';

/** The operating system's "reduce motion" accessibility setting, read once at start. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * UI-kit setup shared by the app and the start-up error page. Users who ask their system for reduced
 * motion get dialogs, drop-downs and messages without animation.
 *
 * No antd `App` here: it brings message, notification and Modal to every start, the sign-in page
 * included. The shell has its own (`layouts/BasicLayout.tsx`); outside it, notices load on first use
 * (`lib/ui.ts`).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR, motion: !prefersReducedMotion() } }}>
      <AppRoot>{children}</AppRoot>
    </ConfigProvider>
  );
}

/** The text colour, size and font antd's `App` gave the page. */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="app-root" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}
