import type { Page } from 'playwright-core';
import { signedPost, tokenOf } from './auth-helpers';

/**
 * 系统配置 “允许同一人录入并审核” on, then the page reloaded (the shell keeps the configuration it
 * read): for journeys written before 四眼原则 (docs/money.md) whose administrator records and audits,
 * or creates and approves, the same record — as a one-person store does.
 */
export async function allowSelfAudit(page: Page, baseUrl: string): Promise<void> {
  const token = (await tokenOf(page))!;
  const config = await signedPost<Record<string, unknown>>(baseUrl, '/online/systemConfig/query', {}, token);
  const saved = await signedPost(baseUrl, '/online/systemConfig/edit', { ...config.result, selfAuditAllowed: true }, token);
  if (saved.code !== '0') throw new Error(`系统配置: ${saved.message}`);
  await page.reload();
}
