import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { ADMIN, submitAccount } from './auth-helpers';
import { downloadedFile, useBrowserSuite } from './harness';
import { button, dialog } from './security-helpers';

describe('CRM lead import in the browser', () => {
  const suite = useBrowserSuite();

  it('an administrator fills the downloaded template, imports it, watches the progress finish, sees the counts and errors, and finds the leads', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await page.goto(`${baseUrl}/app/user/login`);
    await submitAccount(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname !== '/app/user/login');
    await page.goto(`${baseUrl}/app/crm/lead`);
    const table = page.locator('.lead-table');
    await table.locator('.ant-table').waitFor();

    await button(table, '导入').click();
    const modal = dialog(page, '导入线索');
    await modal.getByText('单次最多5000行').waitFor();

    // The template, filled in below its untouched example row (which the import skips).
    const templateDownload = page.waitForEvent('download');
    await button(modal, '下载导入模板').click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('线索导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await downloadedFile(template))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('客户姓名*');
    sheet.addRow(['导入测试甲', '19920001001', '', '', '', '', '2026-10-08', '', '', '南山店', '', 'A', 'nanshan.sales1', '']);
    sheet.addRow(['导入测试乙', '19920001002']);
    sheet.addRow(['导入测试丙', '12345']);
    const filled = Buffer.from(await book.xlsx.writeBuffer());

    await modal.locator('input[type="file"]').setInputFiles({ name: '线索.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });

    // The progress bar runs to the end, then the counts and the bad row with its reason.
    const progress = modal.locator('.lead-import-progress');
    await progress.locator('.lead-import-processed').getByText('已完成 · 已处理 3 / 3 行').waitFor({ timeout: 30_000 });
    await progress.locator('.ant-progress').getByText('100%').waitFor();
    const counts = modal.locator('.lead-import-counts .ant-statistic');
    expect(await counts.filter({ hasText: '成功' }).locator('.ant-statistic-content-value').innerText()).toBe('2');
    expect(await counts.filter({ hasText: '失败' }).locator('.ant-statistic-content-value').innerText()).toBe('1');
    const errorRow = modal.locator('.lead-import-errors tbody tr.ant-table-row');
    expect(await errorRow.count()).toBe(1);
    expect((await errorRow.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['5', '手机号', '请输入正确的手机号!']);

    const reportDownload = page.waitForEvent('download');
    await button(modal, '下载错误报告').click();
    const report = await reportDownload;
    expect(report.suggestedFilename()).toBe('线索导入错误报告.xlsx');
    const reportBook = new ExcelJS.Workbook();
    await reportBook.xlsx.load((await readFile(await downloadedFile(report))) as unknown as ArrayBuffer);
    const reportRow = reportBook.worksheets[0]!.getRow(2);
    expect([reportRow.getCell(1).value, reportRow.getCell(2).value, reportRow.getCell(15).value, reportRow.getCell(16).value]).toEqual(['导入测试丙', '12345', 5, '手机号：请输入正确的手机号!']);

    await button(modal, '关闭').click();
    await modal.waitFor({ state: 'hidden' });

    // The list has the imported leads, numbered, with the owner the file named (or the importer).
    const found = await search(table, '导入测试');
    // The demo leads on the first page give way to the two matches.
    await expect.poll(() => found.count(), { timeout: 10_000 }).toBe(2);
    await found.filter({ hasText: '导入测试甲' }).waitFor();
    const first = found.filter({ hasText: '导入测试甲' });
    await first.getByText('李晓梅').waitFor();
    await first.getByText('A级').waitFor();
    await first.getByText(/^XS\d{12}$/).waitFor();
    // No owner in the file: the importer's.
    await found.filter({ hasText: '导入测试乙' }).getByText('系统管理员').waitFor();
    expect(await found.filter({ hasText: '导入测试丙' }).count()).toBe(0);
  });
});

async function search(table: Locator, name: string): Promise<Locator> {
  await table.getByLabel('客户姓名').fill(name);
  await button(table, '查询').click();
  await table.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
  return table.locator('tbody tr.ant-table-row');
}
