import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, submitAccount } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmDialog, confirmPop, dialog, drawer, formError, moreAction, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

// Demo consultants of 南山店 (seed/demo-roles.ts), with the admin's password; they own the leads they create.
const SALES1 = { username: 'nanshan.sales1', firstName: '李晓梅' };
const SALES2 = { username: 'nanshan.sales2', firstName: '杨婷' };

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/login`);
  await submitAccount(page, username, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/app/user/login');
}

async function openLeads(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/app/crm/lead`);
  const table = page.locator('.lead-table');
  await table.locator('.ant-table').waitFor();
  return table;
}

/** Searches a lead list by the customer's name and answers the rows shown. */
async function searchByName(table: Locator, name: string): Promise<Locator> {
  await table.getByLabel('客户姓名').fill(name);
  await button(table, '查询').click();
  await table.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
  return table.locator('tbody tr.ant-table-row');
}

const leadRow = (table: Locator, name: string): Locator => table.locator('tbody tr.ant-table-row').filter({ hasText: name });

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

async function fillLead(modal: Locator, name: string, phone: string): Promise<void> {
  await modal.getByLabel('客户姓名').fill(name);
  await modal.getByLabel('手机号').fill(phone);
}

describe('CRM leads in the browser', () => {
  const suite = useBrowserSuite();

  it('a consultant creates a lead (a duplicate phone is refused), follows it up, a colleague cannot see it, it goes to the pool and is claimed', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, baseUrl, SALES1.username);
    const table = await openLeads(page, baseUrl);
    // A consultant's buttons: no export, no transfer (demo-crm.ts).
    expect(await button(table, '导出').count()).toBe(0);

    await button(table, '新增线索').click();
    const create = dialog(page, '新增线索');
    await button(create, '确定').click();
    await formError(create, '请输入客户姓名!');
    await formError(create, '请输入手机号!');
    await fillLead(create, '周雨桐', '13912345678');
    await choose(page, formItem(create, '意向等级').locator('.ant-select-selector'), 'A级');
    await button(create, '确定').click();
    await toast(page, '添加成功！');
    await create.waitFor({ state: 'hidden' });
    const first = leadRow(table, '周雨桐');
    await first.locator('.lead-status[data-status="pending"]').getByText('待跟进').waitFor();
    await first.getByText('A级').waitFor();
    const leadNo = (await first.locator('td').filter({ hasText: /^\s*XS\d+\s*$/ }).innerText()).trim();
    expect(leadNo).toMatch(/^XS\d{12}$/);

    // Another open lead with the same phone: the server's message, under the field.
    await button(table, '新增线索').click();
    const again = dialog(page, '新增线索');
    await fillLead(again, '周小桐', '13912345678');
    await button(again, '确定').click();
    const duplicate = `手机号已存在未关闭的线索：${leadNo}（周雨桐），负责人：${SALES1.firstName}`;
    await formError(again, duplicate);
    await button(again, '取消').click();
    await again.waitFor({ state: 'hidden' });

    // A follow-up moves 待跟进 → 跟进中 and sets the next follow-up time.
    await first.getByText('跟进', { exact: true }).click();
    const follow = drawer(page, `跟进记录 - 周雨桐（${leadNo}）`);
    await follow.getByText('暂无跟进记录').waitFor();
    await button(follow, '添加跟进').click();
    await formError(follow, '请选择跟进类型!');
    await formError(follow, '请输入跟进内容!');
    await choose(page, formItem(follow, '跟进类型').locator('.ant-select-selector'), '销售');
    await follow.getByText('电话', { exact: true }).click();
    await follow.getByLabel('跟进内容').fill('电话沟通，客户对28天套餐感兴趣，约下周到店参观');
    await follow.getByLabel('下次跟进时间').click();
    await follow.getByLabel('下次跟进时间').fill('2030-05-06 10:30');
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
    await button(follow, '添加跟进').click();
    await toast(page, '添加成功！');
    const item = follow.locator('.follow-up-item');
    await item.getByText('电话沟通，客户对28天套餐感兴趣，约下周到店参观').waitFor();
    await item.getByText('下次跟进时间：2030-05-06 10:30').waitFor();
    await item.getByText(new RegExp(`^${SALES1.firstName} · `)).waitFor();
    await follow.locator('.ant-drawer-close').click();
    await follow.waitFor({ state: 'hidden' });
    await first.locator('.lead-status[data-status="following"]').getByText('跟进中').waitFor();
    await first.locator('.lead-next-follow').getByText('2030-05-06 10:30').waitFor();

    // The second consultant does not see it: not in their list, and the pool has nothing of it yet.
    const colleague = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(colleague, baseUrl, SALES2.username);
    const theirs = await openLeads(colleague, baseUrl);
    // Their own demo leads show until the filtered answer replaces them.
    const theirRows = await searchByName(theirs, '周雨桐');
    await expect.poll(() => theirRows.count(), { timeout: 10_000 }).toBe(0);
    await colleague.getByRole('tab', { name: '公海' }).click();
    const theirPool = colleague.locator('.lead-pool-table');
    await theirPool.locator('.ant-table').waitFor();
    const poolRows = await searchByName(theirPool, '周雨桐');
    await expect.poll(() => poolRows.count(), { timeout: 10_000 }).toBe(0);

    // Released to the pool (under 更多, asked in a dialog): gone from the consultant's list, in the pool.
    await moreAction(page, first, '放入公海');
    await button(confirmDialog(page, '确定将线索「周雨桐」放入公海吗'), '确定').click();
    await toast(page, '已放入公海');
    await first.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '公海' }).click();
    const pool = page.locator('.lead-pool-table');
    await leadRow(pool, '周雨桐').waitFor();

    // The colleague finds it in the pool and claims it; now it is in their list, with its follow-up.
    await button(theirPool, '查询').click();
    const claimable = leadRow(theirPool, '周雨桐');
    await claimable.getByText('领取', { exact: true }).click();
    await confirmPop(colleague);
    await toast(colleague, '领取成功！');
    await claimable.waitFor({ state: 'detached' });
    await colleague.getByRole('tab', { name: '线索列表' }).click();
    const mine = colleague.locator('.lead-table');
    await mine.locator('.ant-table').waitFor();
    const claimed = leadRow(mine, '周雨桐');
    await claimed.locator('.lead-status[data-status="following"]').waitFor();
    await claimed.getByText(SALES2.firstName).waitFor();
  });

  it('admin creates a lead channel and a store, and a lead names both', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInAt(suite, '/crm/leadChannel', { width: 1440, height: 900 });
    const channels = page.locator('.lead-channel-table');
    await button(channels, '新增线索渠道').click();
    const channel = dialog(page, '新增线索渠道');
    await button(channel, '确定').click();
    await formError(channel, '请输入渠道编码!');
    await channel.getByLabel('渠道编码').fill('dou yin');
    await formError(channel, '渠道编码只能包含字母、数字、_ 和 -');
    await channel.getByLabel('渠道编码').fill('DOUYIN');
    await channel.getByLabel('渠道名称').fill('抖音直播');
    await choose(page, formItem(channel, '渠道类型').locator('.ant-select-selector'), '线上');
    await channel.getByLabel('每月费用（元）').fill('12000.50');
    await button(channel, '确定').click();
    await toast(page, '添加成功！');
    const channelRow = leadRow(channels, '抖音直播');
    await channelRow.getByText('DOUYIN').waitFor();
    await channelRow.getByText('线上').waitFor();
    await channelRow.getByText('12000.50').waitFor();

    await page.goto(`${baseUrl}/app/base/store`);
    const stores = page.locator('.store-table');
    await leadRow(stores, '南山店').waitFor();
    await button(stores, '新增门店').click();
    const store = dialog(page, '新增门店');
    await store.getByLabel('门店编码').fill('BA');
    await store.getByLabel('门店名称').fill('宝安店');
    await store.getByLabel('所属区域').fill('深圳');
    await choose(page, formItem(store, '经营模式').locator('.ant-select-selector'), '到家模式');
    await store.locator('.ant-modal-title').click();
    await button(store, '确定').click();
    await toast(page, '添加成功！');
    const storeRow = leadRow(stores, '宝安店');
    await storeRow.getByText('会所模式').waitFor();
    await storeRow.getByText('到家模式').waitFor();
    await storeRow.getByText('启用', { exact: true }).first().waitFor();

    // Both are offered when a lead is created.
    const table = await openLeads(page, baseUrl);
    await button(table, '新增线索').click();
    const create = dialog(page, '新增线索');
    await fillLead(create, '林佳怡', '13712345679');
    await choose(page, formItem(create, '线索渠道').locator('.ant-select-selector'), '抖音直播');
    await choose(page, formItem(create, '意向门店').locator('.ant-select-selector'), '宝安店');
    await button(create, '确定').click();
    await toast(page, '添加成功！');
    const row = leadRow(table, '林佳怡');
    await row.getByText('抖音直播').waitFor();
    await row.getByText('宝安店').waitFor();
  });
  it('a store manager sees the store leads, transfers one to a consultant, closes one as lost with a reason and exports the list', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, baseUrl, 'nanshan.manager');
    const table = await openLeads(page, baseUrl);
    for (const [name, phone] of [['郑可欣', '13612345670'], ['何梦琪', '13612345671']] as const) {
      await button(table, '新增线索').click();
      const create = dialog(page, '新增线索');
      await fillLead(create, name, phone);
      await choose(page, formItem(create, '意向门店').locator('.ant-select-selector'), '南山店');
      await button(create, '确定').click();
      await toast(page, '添加成功！');
      await create.waitFor({ state: 'hidden' });
    }

    // 转移 to a consultant of the store: the manager still sees it (store scope), owned by her.
    const moved = leadRow(table, '郑可欣');
    await moreAction(page, moved, '转移');
    const transfer = dialog(page, '转移线索');
    await button(transfer, '确定').click();
    await transfer.getByText('请选择顾问!').waitFor();
    await transfer.locator('.user-select .ant-select-selector').click();
    await page.keyboard.type(SALES1.username);
    await page.locator('.ant-select-item-option').filter({ hasText: SALES1.firstName }).click();
    await button(transfer, '确定').click();
    await toast(page, '转移成功！');
    await moved.getByText(SALES1.firstName).waitFor();

    // 流失/无效 needs a reason; a closed lead offers no more moves.
    const lost = leadRow(table, '何梦琪');
    await moreAction(page, lost, '流失/无效');
    const close = dialog(page, /标记流失\/无效/);
    await button(close, '确定').click();
    await formError(close, '请输入原因!');
    await close.getByLabel('原因').fill('已选择其他月子中心');
    await button(close, '确定').click();
    await toast(page, '操作成功！');
    await lost.locator('.lead-status[data-status="lost"]').getByText('已流失').waitFor();
    expect(await lost.getByText('编辑', { exact: true }).count()).toBe(0);
    expect(await lost.getByText('放入公海', { exact: true }).count()).toBe(0);

    // At 1440 px the open lead (seven actions) shows three and 更多, and its row is as high as the
    // closed lead's (one action): the actions stay on one line.
    const actions = moved.locator('.row-actions');
    expect(await actions.locator('a:not(.row-actions-more)').count()).toBe(3);
    expect(await actions.locator('.row-actions-more').count()).toBe(1);
    const height = async (box: Locator) => (await box.boundingBox())?.height ?? Number.NaN;
    expect(await height(actions)).toBeCloseTo(await height(lost.locator('.row-actions')), 0);
    expect(await height(moved)).toBeCloseTo(await height(lost), 0);

    // Export with the current filters.
    await searchByName(table, '何梦琪');
    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    expect((await download).suggestedFilename()).toMatch(/^线索_\d{8}\.xlsx$/);
  });
});
