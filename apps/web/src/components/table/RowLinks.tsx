import type { ReactNode } from 'react';
import { Popconfirm, Space } from 'antd';
import { Authorized } from '../../lib/authorized/index';

/** A row's action link, shown to holders of `action`. */
export function ActionLink({ action, onClick, children }: { action: string; onClick: () => void; children: ReactNode }) {
  return (
    <Authorized action={action}>
      <a onClick={onClick}>{children}</a>
    </Authorized>
  );
}

/** A row's red 删除 link, shown to holders of `action`; `confirm` is asked first. */
export function DeleteLink({ action, confirm, onDelete, children }: { action: string; confirm: ReactNode; onDelete: () => Promise<unknown>; children: ReactNode }) {
  return (
    <Authorized action={action}>
      <Popconfirm title={confirm} onConfirm={() => onDelete().catch(() => undefined)}>
        <a style={{ color: '#ff4d4f' }}>{children}</a>
      </Popconfirm>
    </Authorized>
  );
}

export const RowLinksText = { edit: '编辑', delete: '删除' } as const;

interface EditDeleteLinksProps {
  /** 编辑: its action and what it opens. */
  edit: [action: string, onClick: () => void];
  /** 删除: its action, the question asked first and the deletion. */
  remove: [action: string, confirm: ReactNode, onDelete: () => Promise<unknown>];
  className?: string;
  size?: 'small' | 'middle';
}

/** A row's 编辑 and 删除 links, each for holders of its action. */
export function EditDeleteLinks({ edit: [editAction, onEdit], remove: [deleteAction, confirm, onDelete], className, size = 'middle' }: EditDeleteLinksProps) {
  return (
    <Space size={size} className={className}>
      <ActionLink action={editAction} onClick={onEdit}>
        {RowLinksText.edit}
      </ActionLink>
      <DeleteLink action={deleteAction} confirm={confirm} onDelete={onDelete}>
        {RowLinksText.delete}
      </DeleteLink>
    </Space>
  );
}
