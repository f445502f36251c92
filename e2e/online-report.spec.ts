import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import { button, confirmPop, dialog, row, rows, toast } from './security-helpers';
import { openFromSearch, signedInPage } from './shell-helpers';
import { apiOf } from './trade-helpers';

interface ReportData {
  records: Record<string, unknown>[];
  total: number;
  totals: Record<string, string> | null;
}

// 报表配置: the administrator opens the seeded report 各门店订单汇总, previews it, generates its menu,
// opens the generated page from the menu and sees its rows and the totals row the records give.
describe('报表配置 and a report’s page', () => {
  const suite = useBrowserSuite();

  it('previews the seeded report, generates its menu and shows its page with the totals row', async () => {
    const admin = await signedInPage(suite);
    const post = await apiOf(admin, suite.server.baseUrl);
    await openFromSearch(admin, '在线开发 / 报表配置');
    const table = admin.locator('.online-report-config-table');
    const seeded = row(table, '各门店订单汇总');
    await seeded.waitFor();

    // 编辑 → 预览: the preview table shows the stores of the company.
    await seeded.getByText('编辑', { exact: true }).click();
    const editor = dialog(admin, '编辑报表');
    await editor.getByLabel('报表SQL').waitFor();
    expect(await editor.getByLabel('报表SQL').inputValue()).toContain('from stores s');
    await button(editor, '预览').click();
    const preview = editor.locator('.online-report-preview-table');
    await expect.poll(() => rows(preview).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await preview.getByText('门店', { exact: true }).first().waitFor();
    await button(editor, '取消').click();
    await editor.waitFor({ state: 'hidden' });

    // 生成菜单 (confirmed): the entry appears under 在线开发.
    await seeded.getByText('生成菜单', { exact: true }).click();
    await confirmPop(admin);
    await toast(admin, '菜单生成成功！');
    await seeded.getByText('/online/cgreportList/store_order_summary').waitFor();

    // The generated page, opened from the menu.
    await openFromSearch(admin, '在线开发 / 各门店订单汇总');
    await admin.waitForURL(/\/app\/online\/cgreportList\/store_order_summary$/);
    const data = await post<ReportData>('/online/cgreport/api/store_order_summary/getData', { pageNo: 1, pageSize: 10, values: {} });
    expect(data.total).toBeGreaterThan(0);
    const report = admin.locator('.online-report-table');
    await expect.poll(() => rows(report).count(), { timeout: 15_000 }).toBe(Math.min(10, data.total));
    await row(report, String(data.records[0]!.store_name)).waitFor();
    const totals = report.locator('.online-report-totals');
    await totals.getByText('合计').waitFor();
    await totals.getByText(data.totals!.deal_amount!, { exact: true }).waitFor();
    await totals.getByText(data.totals!.order_count!, { exact: true }).first().waitFor();
    await admin.getByTestId('online-report-chart').waitFor();
  });
});
