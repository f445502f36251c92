import { useEffect } from 'react';

/** Suffix of every document title (spec §2: page title plus "management system"). */
export const TITLE_SUFFIX = ' - 管理系统';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${TITLE_SUFFIX}`;
  }, [title]);
}
