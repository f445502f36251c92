import { Button, Result } from 'antd';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Shown instead of the app when /app/runtime-config.js did not provide a valid config. */
export function RuntimeConfigMissing() {
  useDocumentTitle('无法启动');
  return (
    <Result
      status="error"
      title="系统暂时无法启动"
      subTitle="未能读取运行配置（/app/runtime-config.js）。请确认服务器已启动、访问地址正确，然后刷新页面；如仍无法使用，请联系系统管理员。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
