import type { ComponentType } from 'react';
import * as chosenIcons from './menu-icon-set';

// A chosen set rather than the whole icon package (≈ 1 MB; each icon costs ≈ 0.8 kB of the antd
// chunk): the menu's icons are configured data, and a name outside this set shows no icon. Add a name
// to menu-icon-set.ts when the menu data needs it.
const ICONS: Record<string, ComponentType> = chosenIcons;

/** The list of icon names the menu understands (for the menu editor and the seed data). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/**
 * The antd icon name for a menu's `meta.icon`: `TeamOutlined` as it is, and the older kebab names
 * (`team`, `user-add`) as their outlined icon.
 */
export function iconName(name: string): string {
  const trimmed = name.trim();
  if (/(Outlined|Filled|TwoTone)$/.test(trimmed)) return trimmed;
  const pascal = trimmed
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return `${pascal}Outlined`;
}

export function menuIcon(name: string | undefined): ComponentType | null {
  if (!name) return null;
  return ICONS[iconName(name)] ?? null;
}
