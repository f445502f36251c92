import { lazy, Suspense, useState } from 'react';
import { ApartmentOutlined, BankOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Tooltip, type MenuProps } from 'antd';
import { PasswordChangeText } from '@care/shared';
import { NoticeSlot } from '../../components/notice/NoticeSlot';
import { useImageSource } from '../../components/image/StoredImage';
import { logout } from '../../lib/auth-api';
import { greeting } from '../../lib/greeting';
import { useSessionStore } from '../../lib/session-store';
import type { NavNode } from '../menu/menu-model';
import { Deferred } from '../Deferred';

// The menu search (antd Select with its virtual list) follows the shell's first paint; until then its place is kept.
const MenuSearch = lazy(() => import('./MenuSearch').then((m) => ({ default: m.MenuSearch })));
const MENU_SEARCH_WIDTH = 180;

// The user's dialogs (date picker, upload, department tree …) load when first opened, not with the shell.
const DIALOGS = [
  ['profile', lazy(() => import('../../components/user/UserInfoModal').then((m) => ({ default: m.UserInfoModal })))],
  ['password', lazy(() => import('../../components/user/PasswordModal').then((m) => ({ default: m.PasswordModal })))],
  ['department', lazy(() => import('../../components/user/DepartSelectModal').then((m) => ({ default: m.DepartSelectModal })))],
  ['company', lazy(() => import('../../components/user/CompanySwitchModal').then((m) => ({ default: m.CompanySwitchModal })))],
] as const;

export const HeaderText = {
  profile: '个人中心',
  settings: '系统设置',
  password: '修改密码',
  department: '部门切换',
  company: '公司切换',
  logout: '退出登录',
  currentDepartment: '当前部门',
  logoutTitle: '提示',
  logoutConfirm: '真的要注销登录吗 ?',
} as const;

type Dialog = (typeof DIALOGS)[number][0];

interface HeaderRightProps {
  nodes: NavNode[];
  theme: 'dark' | 'light';
  onOpenSettings: () => void;
  /** Narrow screens leave out the search and the greeting. */
  compact?: boolean;
}

/** The header's right-hand side (spec §2): menu search, notices, department, greeting and user menu. */
export function HeaderRight({ nodes, theme, onOpenSettings, compact = false }: HeaderRightProps) {
  const { message, modal } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const avatar = useImageSource(userInfo?.logoImageUrl || null);
  const close = () => setDialog(null);
  const color = theme === 'dark' ? 'rgba(255,255,255,.85)' : 'rgba(0,0,0,.88)';

  const confirmLogout = () => {
    modal.confirm({
      title: HeaderText.logoutTitle,
      content: HeaderText.logoutConfirm,
      onOk: () =>
        logout().catch((error: unknown) => {
          // Spec §8: a logout started from the menu reports its failure.
          void message.error(error instanceof Error ? error.message : String(error));
        }),
    });
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: HeaderText.profile },
    { key: 'settings', icon: <SettingOutlined />, label: HeaderText.settings },
    { key: 'password', icon: <KeyOutlined />, label: HeaderText.password },
    { key: 'department', icon: <ApartmentOutlined />, label: HeaderText.department },
    { key: 'company', icon: <BankOutlined />, label: HeaderText.company },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: HeaderText.logout },
  ];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') onOpenSettings();
    else if (key === 'logout') confirmLogout();
    else if (key === 'password' && !userInfo?.partyId) void message.warning(PasswordChangeText.noLoginUser);
    else setDialog(key as Dialog);
  };

  return (
    <div className="shell-header-right" style={{ display: 'flex', alignItems: 'center', gap: 16, height: '100%', color, whiteSpace: 'nowrap' }}>
      {!compact && (
        <Suspense fallback={<span style={{ display: 'inline-block', width: MENU_SEARCH_WIDTH }} />}>
          <MenuSearch nodes={nodes} width={MENU_SEARCH_WIDTH} />
        </Suspense>
      )}
      <NoticeSlot />
      {userInfo?.departmentName && (
        <Tooltip title={userInfo.departmentId}>
          <span className="shell-department" style={{ cursor: 'pointer' }} onClick={() => setDialog('department')}>
            {HeaderText.currentDepartment}：{userInfo.departmentName}
          </span>
        </Tooltip>
      )}
      <Dropdown menu={{ items, onClick: onMenu }} placement="bottomRight">
        <span className="shell-user" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
          <Avatar size="small" src={avatar.previewable ? avatar.src : undefined} icon={<UserOutlined />} />
          {!compact && (
            <span className="shell-greeting">
              {greeting()}，{userInfo?.firstName ?? ''}
            </span>
          )}
        </span>
      </Dropdown>
      {DIALOGS.map(([name, Modal]) => (
        <Deferred key={name} when={dialog === name}>
          <Modal open={dialog === name} onClose={close} />
        </Deferred>
      ))}
    </div>
  );
}
