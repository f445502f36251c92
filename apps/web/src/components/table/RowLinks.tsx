import type { ReactNode } from 'react';
import { RowActions } from '../crud/RowActions';

export const RowLinksText = { edit: '编辑', delete: '删除' } as const;

interface EditDeleteLinksProps {
  /** 编辑: its action and what it opens. */
  edit: [action: string, onClick: () => void];
  /** 删除: its action, the question asked first and the deletion. */
  remove: [action: string, confirm: ReactNode, onDelete: () => Promise<unknown>];
}

/** A row's 编辑 and red 删除 links, each for holders of its action. */
export function EditDeleteLinks({ edit: [editAction, onEdit], remove: [deleteAction, confirm, onDelete] }: EditDeleteLinksProps) {
  return (
    <RowActions
      actions={[
        { key: 'edit', label: RowLinksText.edit, permission: editAction, onClick: onEdit },
        { key: 'delete', label: RowLinksText.delete, permission: deleteAction, danger: true, confirm, onClick: () => onDelete().catch(() => undefined) },
      ]}
    />
  );
}
