import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
// The ES module: the CommonJS entry 'antd/locale/zh_CN' reaches the bundle as { default } and antd falls back to English.
import zhCN from 'antd/es/locale/zh_CN';

/** Default primary colour (spec §4); the settings drawer will make it a user setting. */
export const PRIMARY_COLOR = '#2362fb';

/** UI-kit setup shared by the app and the start-up error page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
