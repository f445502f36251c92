import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
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
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR, motion: !prefersReducedMotion() } }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
