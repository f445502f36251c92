import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { downloadedFile, useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, row, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

/** A minimal PDF: a 文件 field takes documents (the upload module reads the type from the bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** Opens a page of the side menu: the folder, then the entry. */
async function openMenu(page: Page, folder: string, entry: string): Promise<void> {
  const sider = page.locator('.shell-sider');
  const item = sider.locator('.ant-menu-item').filter({ hasText: entry });
  if (!(await item.isVisible())) await sider.locator('.ant-menu-submenu-title').filter({ hasText: folder }).click();
  await item.click();
}

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

/** Types a date (or date-time) into an antd DatePicker and confirms it. */
async function pickDate(page: Page, input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  const ok = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button');
  if (await ok.isVisible()) await ok.click();
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** The first option of an antd Select (a dictionary whose labels the test does not assume). */
async function chooseFirst(page: Page, select: Locator): Promise<string> {
  await select.click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  const label = (await option.textContent()) ?? '';
  await option.click();
  return label.trim();
}

/**
 * The five example forms of 在线开发 (seeded by online-form), each on its generated page: the
 * administrator opens each from the menu, adds a 护理耗材 and finds it, a 采购单 with two 明细, a tree
 * root and a child under it, a 套餐 and a 服务项 in its tab, and a 宝宝护理记录 whose row expands to its
 * 护理明细.
 */
describe('在线开发 examples: the generated pages of the five form types', () => {
  const suite = useBrowserSuite();

  it('单表, 一对多 and 树表: add, search, child rows saved with the master, a lazy tree', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });

    // 单表示例: add a 护理耗材 and find it by its name.
    await openMenu(page, '在线开发', '单表示例');
    await page.waitForURL((url) => url.pathname === '/app/online/demo/single');
    const consumables = page.locator('.online-table.nursing_consumable-table');
    await consumables.locator('.ant-table').waitFor();
    await button(consumables, '新增护理耗材').click();
    const add = dialog(page, '新增护理耗材');
    await button(add, '确定').click();
    await add.locator('.ant-form-item-explain-error').getByText('请输入耗材名称!', { exact: true }).waitFor();
    await add.getByLabel('耗材名称').fill('医用棉签E2E');
    await add.getByLabel('规格').fill('100支/包');
    await choose(page, formItem(add, '单位').locator('.ant-select-selector'), '包');
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await add.waitFor({ state: 'hidden' });
    await row(consumables, '医用棉签E2E').waitFor();
    await consumables.getByLabel('耗材名称').fill('棉签E2E');
    await button(consumables, '查询').click();
    await expect.poll(() => rows(consumables).count()).toBe(1);
    await row(consumables, '医用棉签E2E').getByText('包', { exact: true }).waitFor();

    // 导出 the found row; the file, with one good and one bad row more, comes back through 导入.
    const exported = page.waitForEvent('download');
    await button(consumables, '导出').click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await downloadedFile(await exported))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('耗材名称');
    expect(sheet.getRow(2).getCell(1).value).toBe('医用棉签E2E');
    sheet.addRow(['碘伏棉签E2E', '50支/盒']);
    sheet.addRow(['', '无名']);
    await button(consumables, '导入').click();
    const importing = dialog(page, '导入护理耗材');
    await importing.locator('input[type="file"]').setInputFiles({
      name: '护理耗材.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await importing.getByText('成功导入 2 行').waitFor();
    const refused = importing.locator('.online-import-result tbody tr.ant-table-row');
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.first().textContent()).toContain('请输入耗材名称!');
    await button(importing, '关闭').click();
    // The search still applies: the row, its copy and 碘伏棉签E2E.
    await expect.poll(() => rows(consumables).count()).toBe(3);
    await row(consumables, '碘伏棉签E2E').waitFor();

    // 批量删除 of the selected rows, asked first.
    await consumables.locator('thead .ant-checkbox-input').check();
    await consumables.getByText('已选择 3 项').waitFor();
    await button(consumables, '批量删除').click();
    await confirmPop(page);
    await toast(page, '删除成功!');
    await expect.poll(() => rows(consumables).count()).toBe(0);

    // 一对多示例: a 采购单 with two 明细 rows, saved together, shown again when it is opened.
    await openMenu(page, '在线开发', '一对多示例');
    await page.waitForURL((url) => url.pathname === '/app/online/demo/oneToMany');
    const orders = page.locator('.online-table.purchase_order-table');
    await orders.locator('.ant-table').waitFor();
    await button(orders, '新增采购单').click();
    const order = dialog(page, '新增采购单');
    await order.getByLabel('采购单号').fill('PO-E2E-0001');
    await order.getByLabel('供应商').fill('母婴用品供应商');
    await pickDate(page, order.getByLabel('采购日期'), '2026-11-28');
    const items = order.locator('.online-sub-purchase_order_item');
    await button(items, '添加一行').click();
    await button(items, '添加一行').click();
    const itemRows = items.locator('tbody tr.ant-table-row');
    await expect.poll(() => itemRows.count()).toBe(2);
    // A child row's rule speaks at its cell before anything is sent.
    await button(order, '确定').click();
    await items.locator('.ant-form-item-explain-error').getByText('请输入耗材名称!', { exact: true }).first().waitFor();
    await itemRows.nth(0).locator('input').nth(0).fill('婴儿湿巾');
    await itemRows.nth(0).locator('input').nth(1).fill('20');
    await itemRows.nth(1).locator('input').nth(0).fill('纸尿裤');
    await itemRows.nth(1).locator('input').nth(1).fill('12');
    await button(order, '确定').click();
    await toast(page, '添加成功！');
    await order.waitFor({ state: 'hidden' });
    const saved = row(orders, 'PO-E2E-0001');
    await saved.getByText('母婴用品供应商', { exact: true }).waitFor();
    await saved.getByText('编辑', { exact: true }).click();
    const edit = dialog(page, '编辑采购单');
    const opened = edit.locator('.online-sub-purchase_order_item tbody tr.ant-table-row');
    await expect.poll(() => opened.count()).toBe(2);
    const names = await opened.evaluateAll((trs) => trs.map((tr) => (tr.querySelector('input') as HTMLInputElement | null)?.value));
    expect(names).toEqual(['婴儿湿巾', '纸尿裤']);
    await button(edit, '取消').click();

    // 树表示例: a root, a child added under it, the root expanded to show it.
    await openMenu(page, '在线开发', '树表示例');
    await page.waitForURL((url) => url.pathname === '/app/online/demo/tree');
    const tree = page.locator('.online-tree-table');
    await tree.locator('.ant-table').waitFor();
    await button(tree, '新增').click();
    const root = dialog(page, '新增服务项目分类');
    await root.getByLabel('分类名称').fill('母婴护理E2E');
    await button(root, '确定').click();
    await toast(page, '添加成功！');
    await root.waitFor({ state: 'hidden' });
    const rootRow = row(tree, '母婴护理E2E');
    await rootRow.getByText('新增下级', { exact: true }).click();
    const child = dialog(page, '新增服务项目分类');
    await child.getByLabel('分类名称').fill('新生儿抚触E2E');
    await button(child, '确定').click();
    await toast(page, '添加成功！');
    await child.waitFor({ state: 'hidden' });
    // The parent opened on the child's save; closed and expanded again, it loads its children.
    await row(tree, '新生儿抚触E2E').waitFor();
    await rootRow.locator('.ant-table-row-expand-icon').click();
    await row(tree, '新生儿抚触E2E').waitFor({ state: 'detached' });
    await rootRow.locator('.ant-table-row-expand-icon').click();
    await row(tree, '新生儿抚触E2E').waitFor();
    // A node with children is not deleted: the server says why.
    await rootRow.getByText('删除', { exact: true }).click();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await page.getByText('该节点下有子节点，不能删除').first().waitFor();
    // 导出 writes every node of the tree, the child as well as its root.
    const treeFile = page.waitForEvent('download');
    await button(tree, '导出').click();
    const treeBook = new ExcelJS.Workbook();
    await treeBook.xlsx.load((await readFile(await downloadedFile(await treeFile))) as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    treeBook.worksheets[0]!.eachRow((r) => r.eachCell((c) => void cells.push(c.value)));
    expect(cells).toEqual(expect.arrayContaining(['分类名称', '母婴护理E2E', '新生儿抚触E2E']));

    // Twelve more roots through 导入 (the export's header row): the roots are paged, ten to a page.
    const header = treeBook.worksheets[0]!.getRow(1).values as unknown[];
    const rootsBook = new ExcelJS.Workbook();
    const rootsSheet = rootsBook.addWorksheet('服务项目分类');
    rootsSheet.addRow(header.slice(1));
    for (let i = 1; i <= 12; i++) rootsSheet.addRow([`分页根E2E${String(i).padStart(2, '0')}`]);
    await button(tree, '导入').click();
    const treeImport = dialog(page, '导入服务项目分类');
    await treeImport.locator('input[type="file"]').setInputFiles({
      name: '服务项目分类.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await rootsBook.xlsx.writeBuffer()),
    });
    await treeImport.getByText('成功导入 12 行').waitFor();
    await button(treeImport, '关闭').click();
    const pager = tree.locator('.ant-pagination');
    // Roots only (母婴护理E2E stays expanded: its child is a row of level 1).
    const roots = tree.locator('tbody tr.ant-table-row-level-0');
    await pager.locator('.ant-pagination-total-text').filter({ hasText: '总共 13 条' }).waitFor();
    await expect.poll(() => roots.count()).toBe(10);
    await pager.locator('.ant-pagination-item-2').click();
    await row(tree, '分页根E2E12').waitFor();
    await row(tree, '母婴护理E2E').waitFor({ state: 'detached' });

    // A search finds a node wherever it hangs: the child alone, with its 上级节点, and it still expands.
    await tree.getByLabel('分类名称').fill('新生儿抚触');
    await button(tree, '查询').click();
    await expect.poll(() => rows(tree).count()).toBe(1);
    const match = row(tree, '新生儿抚触E2E');
    await match.getByText('母婴护理E2E', { exact: true }).waitFor();
    await button(tree, '重置').click();
    await row(tree, '母婴护理E2E').waitFor();
    await expect.poll(() => roots.count()).toBe(10);
  });

  it('ERP and 内嵌子表: a 套餐’s 服务项 in its tab, a 护理记录 row expanded to its 明细', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });

    // ERP示例: a 套餐, selected, gets a 服务项 in its tab.
    await openMenu(page, '在线开发', 'ERP示例');
    await page.waitForURL((url) => url.pathname === '/app/online/demo/erp');
    const plans = page.locator('.online-table.package_plan-table');
    await plans.locator('.ant-table').waitFor();
    await page.locator('.online-erp-empty').waitFor();
    await button(plans, '新增套餐').click();
    const plan = dialog(page, '新增套餐');
    await plan.getByLabel('套餐名称').fill('尊享月子套餐E2E');
    await button(plan, '确定').click();
    await toast(page, '添加成功！');
    await plan.waitFor({ state: 'hidden' });
    await row(plans, '尊享月子套餐E2E').locator('td', { hasText: '尊享月子套餐E2E' }).click();
    const tabs = page.locator('.online-erp-tabs');
    await tabs.getByRole('tab', { name: '服务项' }).waitFor();
    const items = tabs.locator('.online-children-package_plan_item');
    await button(items, '新增服务项').click();
    const item = dialog(page, '新增服务项');
    const label = await chooseFirst(page, formItem(item, '服务项目').locator('.ant-select-selector'));
    await item.getByLabel('次数').fill('3');
    await button(item, '确定').click();
    await toast(page, '编辑成功!');
    await item.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(items).count()).toBe(1);
    expect(await rows(items).first().textContent()).toContain(label);

    // 内嵌子表示例: a 护理记录 with one 明细 edited inline; its row expands to show it.
    await openMenu(page, '在线开发', '内嵌子表示例');
    await page.waitForURL((url) => url.pathname === '/app/online/demo/innerTable');
    const records = page.locator('.online-table.baby_care_record-table');
    await records.locator('.ant-table').waitFor();
    await button(records, '新增宝宝护理记录').click();
    const record = dialog(page, '新增宝宝护理记录');
    await record.getByLabel('宝宝姓名').fill('小米粒E2E');
    await pickDate(page, record.getByLabel('记录日期'), '2026-11-28');
    // 护理人员 is a user: picked by name, listed by name (never its id).
    const nurse = await chooseFirst(page, formItem(record, '护理人员').locator('.ant-select-selector'));
    const nurseName = nurse.split('（')[0]!.split(' · ')[0]!.trim();
    const details = record.locator('.online-sub-baby_care_record_item');
    await button(details, '添加一行').click();
    const detail = details.locator('tbody tr.ant-table-row').first();
    await pickDate(page, detail.locator('.ant-picker input'), '2026-11-28 08:30');
    const care = await chooseFirst(page, detail.locator('.ant-select-selector'));
    await button(record, '确定').click();
    await toast(page, '添加成功！');
    await record.waitFor({ state: 'hidden' });
    const saved = row(records, '小米粒E2E');
    await saved.locator('.online-ref').getByText(nurseName, { exact: true }).waitFor();
    expect(await saved.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await saved.locator('.ant-table-row-expand-icon').click();
    const inline = records.locator('.online-children-baby_care_record_item');
    await expect.poll(() => rows(inline).count()).toBe(1);
    expect(await rows(inline).first().textContent()).toContain(care);
  });

  it('文件: a designed form’s file field is uploaded in the form and listed as a download link', async () => {
    const base = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });

    // A 单表 with a text and a 文件 field, designed, synced and given its menu.
    await page.goto(`${base}/app/online/form`);
    const forms = page.locator('.online-form-table');
    await button(forms, '新增').click();
    const designer = dialog(page, '新增表单');
    await designer.getByLabel('表名', { exact: true }).fill('e2e_doc');
    await designer.getByLabel('表描述', { exact: true }).fill('资料E2E');
    const fields = designer.locator('.online-design-fields').first();
    await fields.getByLabel('字段名 1', { exact: true }).fill('title');
    await fields.getByLabel('字段备注 1', { exact: true }).fill('标题');
    await button(fields, '添加字段').click();
    await fields.getByLabel('字段名 2', { exact: true }).fill('attachment');
    await fields.getByLabel('字段备注 2', { exact: true }).fill('附件');
    await fields.locator('.ant-select[aria-label="类型 2"]').click();
    // The type list is virtual: 文件 is drawn once it is scrolled to.
    const types = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await types.locator('.rc-virtual-list-holder').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await types.locator('.ant-select-item-option').getByText('文件', { exact: true }).click();
    await fields.locator('.ant-select[aria-label="类型 2"] .ant-select-selection-item').getByText('文件', { exact: true }).waitFor();
    await button(designer, '保存').click();
    await toast(page, '添加成功！');
    await designer.waitFor({ state: 'hidden' });
    const formRow = row(forms, '资料E2E');
    await formRow.getByText('同步数据库', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '同步成功！');
    await formRow.getByText('生成菜单', { exact: true }).click();
    await button(dialog(page, '生成菜单：资料E2E'), '生成菜单').click();
    await toast(page, '菜单生成成功！');

    // The generated page: a file uploaded in the form shows as a link, saved, listed as a download.
    await page.goto(`${base}/app/online/cgformList/e2e_doc`);
    const docs = page.locator('.online-table.e2e_doc-table');
    await docs.locator('.ant-table').waitFor();
    await button(docs, '新增资料E2E').click();
    const add = dialog(page, '新增资料E2E');
    await add.getByLabel('标题').fill('护理手册E2E');
    // A document, not only an image: a PDF.
    await add.locator('.online-file-upload input[type="file"]').setInputFiles({ name: '护理手册.pdf', mimeType: 'application/pdf', buffer: PDF });
    await add.locator('.online-file-link').getByText('护理手册.pdf').waitFor();
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await add.waitFor({ state: 'hidden' });
    const link = row(docs, '护理手册E2E').locator('.online-file-link');
    expect(await link.textContent()).toMatch(/[0-9a-f-]{36}\.pdf/);
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await readFile(await downloadedFile(file))).toEqual(PDF);
  });
});
