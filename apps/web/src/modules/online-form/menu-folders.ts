import type { MenuItem } from '@care/shared';

export interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

/** The folders of the signed-in user's menu (entries with entries under them), for 生成菜单's parent select. */
export function menuFolders(menu: readonly MenuItem[]): FolderOption[] {
  return menu
    .filter((item) => (item.children?.length ?? 0) > 0 && !item.hidden)
    .map((item) => ({ value: item.path, title: item.meta.title, children: menuFolders(item.children ?? []) }));
}
