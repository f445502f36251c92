import { HOME_PATH } from '../app/paths';
import type { NavNode } from './menu/menu-model';

/** Title of the home tab and the breadcrumb's first entry (spec §2). */
export const HOME_TITLE = '首页';

export interface Crumb {
  title: string;
  /** Absent for the last crumb. A menu folder links to its path, which the routes send to its first page. */
  to?: string;
}

/** Spec §2: 首页, then the matched menu path; the last one is not a link. */
export function crumbsFor(chain: readonly NavNode[], pathname: string): Crumb[] {
  const rest = pathname === HOME_PATH ? [] : chain.filter((n) => n.path !== HOME_PATH);
  const crumbs: Crumb[] = [{ title: HOME_TITLE, to: HOME_PATH }];
  for (const node of rest) crumbs.push({ title: node.title, to: node.redirect ?? node.path });
  const last = crumbs.at(-1);
  if (last) delete last.to;
  return crumbs;
}

/** The page title the shell shows (tab, document title): 首页 for home, else the menu's title. */
export function titleFor(chain: readonly NavNode[], pathname: string): string | null {
  if (pathname === HOME_PATH) return HOME_TITLE;
  return chain.at(-1)?.title ?? null;
}
