import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, row, rows, toast } from './security-helpers';
import { openFromSearch, signedInPage } from './shell-helpers';
import { apiOf } from './trade-helpers';

interface ReportData {
  records: Record<string, unknown>[];
  total: number;
  totals: Record<string, string> | null;
}

// 报表配置: the administrator opens the seeded report 各门店订单汇总, previews it (as a pie too), generates its menu,
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

    // 图表类型 饼图 → 预览 draws a pie: the pie's own chunk (bi/charts/PieEChart.tsx) loads and the
    // chart's centre, where the pie sits, is painted.
    const pieChunk = admin.waitForResponse((res) => /\/PieEChart-[^/]*\.js$/.test(new URL(res.url()).pathname));
    await choose(admin, editor.locator('.ant-form-item').filter({ hasText: '图表类型' }).locator('.ant-select'), '饼图');
    await button(editor, '预览').click();
    expect((await pieChunk).ok()).toBe(true);
    const pieCanvas = editor.getByTestId('online-report-chart').locator('canvas');
    await pieCanvas.waitFor();
    const centrePainted = () =>
      pieCanvas.evaluate((canvas: HTMLCanvasElement) => {
        // The pie's centre: 50% across, 45% down (ReportChart's pie option, with its legend below).
        const [r, g, b, a] = canvas.getContext('2d')!.getImageData(Math.round(canvas.width * 0.5), Math.round(canvas.height * 0.45), 1, 1).data;
        return a! > 0 && !(r! > 240 && g! > 240 && b! > 240);
      });
    await expect.poll(centrePainted, { timeout: 10_000 }).toBe(true);
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
