import type { Locator, Page } from 'playwright-core';

/** antd puts a space between two CJK characters of a button (确 定); an icon adds its name before the text. */
export const buttonName = (text: string): RegExp => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

export const button = (scope: Page | Locator, text: string): Locator => scope.getByRole('button', { name: buttonName(text) });

/** The open modal whose title is `title`. */
export const dialog = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The open drawer whose title is `title`. */
export const drawer = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-drawer-open .ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

/** A data row of a table that shows `text` in one of its cells. */
export const row = (table: Locator, text: string): Locator =>
  table.locator('tbody tr.ant-table-row').filter({ has: table.page().locator('td', { hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) }) });

export const rows = (table: Locator): Locator => table.locator('tbody tr.ant-table-row');

/** Waits for an antd message (toast) with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor();
}

/** Confirms the open Popconfirm. */
export async function confirmPop(page: Page): Promise<void> {
  const pop = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons');
  await button(pop, '确定').click();
}

/** Opens a row's 更多 drop-down (a row shows three actions, the rest are in it) and answers its items. */
export async function openMore(page: Page, row: Locator): Promise<Locator> {
  await row.locator('.row-actions-more').hover();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
}

/** Picks a row action that sits under 更多. */
export async function moreAction(page: Page, row: Locator, label: string): Promise<void> {
  await (await openMore(page, row)).filter({ hasText: label }).click();
}

/** The confirmation dialog an action under 更多 asks in (inline actions ask in a Popconfirm). */
export const confirmDialog = (page: Page, text: string | RegExp): Locator => page.locator('.ant-modal-confirm').filter({ hasText: text });

/** Opens an antd Select and picks the option with this text. */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  const container = select.locator('xpath=ancestor-or-self::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const chosen = container.locator('.ant-select-selection-item').filter({ hasText: option });
  // On a loaded machine a click during the dropdown's opening animation can be lost; try again until
  // the select shows the option (the next field often stays disabled until this one is set).
  for (let attempt = 0; attempt < 3; attempt++) {
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
    try {
      await chosen.waitFor({ timeout: 5_000 });
      return;
    } catch {
      // fall through to another attempt
    }
  }
  await chosen.waitFor();
}

export async function formError(scope: Locator, text: string): Promise<void> {
  await scope.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
