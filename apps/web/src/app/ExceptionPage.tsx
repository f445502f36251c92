import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';

const subTitles = {
  '403': '抱歉，您无权访问此页面。',
  '404': '抱歉，您访问的页面不存在。',
  '500': '抱歉，服务器出错了。',
} as const;

export type ExceptionStatus = keyof typeof subTitles;

/** Error pages 403, 404 and 500 (spec §1). */
export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  useDocumentTitle(status);
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={subTitles[status]}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
