import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { App, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { AI_LOG_TOKEN_PATTERN, aiLogContract, Permission } from '@care/shared';
import { loadPermissions } from '../../lib/auth-api';
import { useAuthorized } from '../../lib/authorized';
import { usePermissionStore } from '../../lib/permission-store';
import { readRuntimeConfig } from '../../lib/runtime-config';
import { useSessionStore } from '../../lib/session-store';
import { lazyMessage } from '../../lib/ui';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useServices } from '../../lib/useServices';
import { loginPathFor } from '../../app/paths';
import { exportXls } from '../../components/crud/export-xls';
import { AiLogLinkDialog } from './AiLogLinkDialog';
import { AiLogList } from './AiLogList';
import { createAiLogLinkRequest } from './ai-log-request';
import { AiLogPageText as T } from './ai-log-text';

const PAGE_STYLE = { minHeight: '100vh', background: '#f5f5f5', padding: 24 } as const;

/**
 * /ai/aiLogHostory (opened from 系统管理 › AI 日志 in a new window): the company's AI log with a
 * signed-in session holding ai:aiLog:list, or read-only through `?token=` of a live link. An invalid,
 * expired or revoked link shows one full-page message and nothing else.
 */
export function AiLogHistoryPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <App>
      <div style={PAGE_STYLE} className="ai-log-page">
        {token !== null ? <SharedLog token={token} /> : <SessionLog />}
      </div>
    </App>
  );
}

function Frame({ extra, hint, children }: { extra?: ReactNode; hint?: string; children: ReactNode }) {
  return (
    <Card
      title={
        <Space direction="vertical" size={0}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {T.title}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {hint ?? T.subtitle}
          </Typography.Text>
        </Space>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

function SharedLog({ token }: { token: string }) {
  const [invalid, setInvalid] = useState(() => !AI_LOG_TOKEN_PATTERN.test(token));
  const runtimeConfig = useMemo(() => readRuntimeConfig(), []);
  const client = useMemo(
    () => (runtimeConfig ? createAiLogLinkRequest({ runtimeConfig, token, onInvalid: () => setInvalid(true), notify: ({ description }) => lazyMessage.error(description) }) : null),
    [runtimeConfig, token],
  );
  if (invalid || !client) return <Result status="warning" title={T.invalidTitle} subTitle={T.invalidHint} style={{ paddingTop: 96 }} className="ai-log-invalid" />;
  return (
    <Frame hint={T.sharedHint}>
      <AiLogList masked cacheKey={`link:${token.slice(0, 8)}`} load={(q) => client.call(aiLogContract.sharedList, q)} />
    </Frame>
  );
}

function SessionLog() {
  const sessionToken = useSessionStore((s) => s.token);
  const loaded = usePermissionStore((s) => s.loaded);
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!sessionToken || loaded) return;
    loadPermissions().catch(() => setFailed(true));
  }, [sessionToken, loaded]);
  if (!sessionToken) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (failed)
    return (
      <Result
        status="error"
        title={T.loadFailed}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {T.retry}
          </Button>
        }
      />
    );
  if (!loaded) return <Spin size="large" style={{ display: 'block', paddingTop: 160 }} />;
  return <SignedInLog />;
}

function SignedInLog() {
  const { request } = useServices();
  const authorized = useAuthorized();
  const [linking, setLinking] = useState(false);
  if (!authorized(Permission.aiLogList)) return <Result status="403" title="403" subTitle={T.noPermission} />;
  return (
    <Frame
      extra={
        authorized(Permission.aiLogLink) ? (
          <Button onClick={() => setLinking(true)} className="ai-log-links-button">
            {T.links}
          </Button>
        ) : null
      }
    >
      <AiLogList cacheKey="session" load={(q) => request.call(aiLogContract.list, q)} onExport={(filters) => exportXls(request, aiLogContract.exportXls.path, Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)), T.title)} />
      {linking ? <AiLogLinkDialog onClose={() => setLinking(false)} /> : null}
    </Frame>
  );
}
