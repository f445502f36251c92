import type { ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { App, Dropdown, Popconfirm, Space, Typography, type MenuProps } from 'antd';
import { useAuthorized } from '../../lib/authorized';

export const RowActionsText = { more: '更多' } as const;

/** At most this many actions show in a row; the rest go under 更多 so the row stays one line high. */
export const INLINE_ROW_ACTIONS = 3;

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick?: () => void;
  /** Rendered instead of a link made from label and onClick (inline and as the 更多 item's content). */
  element?: ReactNode;
  /** Shown only to holders of this action (spec §5). */
  permission?: string;
  /** Left out of this row (e.g. no 禁用 on one's own account). */
  hidden?: boolean;
  danger?: boolean;
  /** Asked before onClick runs: a Popconfirm inline, a confirmation dialog under 更多. */
  confirm?: ReactNode;
}

/** The visible actions, split into those shown in the row and those under 更多. Pure, for tests. */
export function splitRowActions(
  actions: readonly RowAction[],
  allowed: (permission: string) => boolean,
  inline: number = INLINE_ROW_ACTIONS,
): { inline: RowAction[]; more: RowAction[] } {
  const visible = actions.filter((action) => !action.hidden && (!action.permission || allowed(action.permission)));
  return { inline: visible.slice(0, inline), more: visible.slice(inline) };
}

/**
 * A list row's actions: the first three visible ones as links, the rest in a 更多 drop-down.
 * Give the option column `render: (_, row) => <RowActions actions={[…]} />`.
 */
export function RowActions({ actions, inline = INLINE_ROW_ACTIONS }: { actions: readonly RowAction[]; inline?: number }) {
  const authorized = useAuthorized();
  const { modal } = App.useApp();
  const split = splitRowActions(actions, (permission) => authorized(permission), inline);
  if (split.inline.length === 0) return null;

  const items: MenuProps['items'] = split.more.map((action) => ({
    key: action.key,
    danger: action.danger,
    label: action.element ?? action.label,
  }));
  const onMore: MenuProps['onClick'] = ({ key }) => {
    const action = split.more.find((a) => a.key === key);
    if (!action?.onClick || action.element) return;
    if (action.confirm) {
      modal.confirm({ title: action.confirm, okButtonProps: { danger: action.danger }, onOk: action.onClick });
    } else {
      action.onClick();
    }
  };

  return (
    <Space size={12} wrap={false} className="row-actions" style={{ whiteSpace: 'nowrap' }}>
      {split.inline.map((action) => (
        <InlineAction key={action.key} action={action} />
      ))}
      {split.more.length > 0 && (
        <Dropdown menu={{ items, onClick: onMore }} trigger={['hover', 'click']} placement="bottomRight">
          <Typography.Link className="row-actions-more" onClick={(event) => event.preventDefault()}>
            {RowActionsText.more} <DownOutlined style={{ fontSize: 10 }} />
          </Typography.Link>
        </Dropdown>
      )}
    </Space>
  );
}

function InlineAction({ action }: { action: RowAction }) {
  if (action.element) return <>{action.element}</>;
  const type = action.danger ? 'danger' : undefined;
  if (action.confirm) {
    return (
      <Popconfirm title={action.confirm} okButtonProps={{ danger: action.danger }} onConfirm={action.onClick}>
        <Typography.Link type={type}>{action.label}</Typography.Link>
      </Popconfirm>
    );
  }
  return (
    <Typography.Link type={type} onClick={action.onClick}>
      {action.label}
    </Typography.Link>
  );
}
