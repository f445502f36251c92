import { lazy, Suspense } from 'react';
import { Button, Card, Col, Empty, Row, Space, theme } from 'antd';
import { BiPermission, SystemPermission } from '@care/shared';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { Link } from 'react-router';
import { groupByTopMenu, menuShortcuts } from '../../app/menu-routes';
import { HOME_PATH } from '../../app/paths';
import { useMenuRoutes } from '../../app/useMenuRoutes';
import { greeting } from '../../lib/greeting';
import { useSessionStore } from '../../lib/session-store';
import { usePermissionStore } from '../../lib/permission-store';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export const AnalysisText = {
  title: '首页',
  department: '当前部门',
  noDepartment: '未设置',
  shortcuts: '快捷入口',
  noShortcuts: '暂无可用的菜单',
  editSystemConfig: '修改系统配置',
} as const;

const SYSTEM_CONFIG_PATH = '/system/config';

// The KPI cards and trend chart load in a chunk of their own (with echarts), only for holders of the action.
const AnalysisKpiPanel = lazy(() => import('./AnalysisKpiPanel'));

/** Home (/dashboard/analysis): greeting, the user's department and shortcuts to the permitted menus. */
export function Analysis() {
  useDocumentTitle(AnalysisText.title);
  const userInfo = useSessionStore((s) => s.userInfo);
  const menu = usePermissionStore((s) => s.menu);
  const shortcuts = menuShortcuts(useMenuRoutes()).filter((route) => route.path !== HOME_PATH);
  const groups = groupByTopMenu(menu, shortcuts);
  const name = userInfo?.firstName || userInfo?.userLoginId || '';
  const showKpi = useAuthorized()(BiPermission.analysisKpi);
  // Headings drawn as antd's Typography draws them, from the theme's tokens: the home page is part of
  // the shell, whose budget has no room for Typography's chunk (ellipsis, copy, editing).
  const { token } = theme.useToken();
  const heading = (level: 4 | 5) => ({
    marginTop: 0,
    marginBottom: '0.5em',
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: level === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5,
    lineHeight: level === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5,
  });
  return (
    <>
      <Card>
        <h4 style={heading(4)} data-testid="greeting">
          {greeting()}，{name}
        </h4>
        <Space size="large" wrap>
          <span style={{ color: token.colorTextSecondary }} data-testid="current-department">
            {AnalysisText.department}：{userInfo?.departmentName || AnalysisText.noDepartment}
          </span>
          {/* Shown only to holders of the action (spec §5); the server enforces the same action. */}
          <Authorized action={SystemPermission.systemConfigEdit}>
            <Link to={SYSTEM_CONFIG_PATH}>
              <Button size="small">{AnalysisText.editSystemConfig}</Button>
            </Link>
          </Authorized>
        </Space>
      </Card>
      {showKpi && (
        <Suspense fallback={<Card loading style={{ marginTop: 16 }} />}>
          <AnalysisKpiPanel />
        </Suspense>
      )}
      <Card title={AnalysisText.shortcuts} style={{ marginTop: 16 }}>
        {groups.length === 0 ? (
          <Empty description={AnalysisText.noShortcuts} />
        ) : (
          groups.map((group) => (
            <section key={group.title} style={{ marginBottom: 16 }}>
              {group.title && <h5 style={heading(5)}>{group.title}</h5>}
              <Row gutter={[12, 12]}>
                {group.routes.map((route) => (
                  <Col key={route.path} xs={12} sm={8} md={6} xl={4}>
                    <Link to={route.path}>
                      <Card hoverable size="small" style={{ textAlign: 'center' }}>
                        {route.title}
                      </Card>
                    </Link>
                  </Col>
                ))}
              </Row>
            </section>
          ))
        )}
      </Card>
    </>
  );
}
