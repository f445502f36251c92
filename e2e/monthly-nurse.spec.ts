import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, drawer, formError, moreAction, row, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';
import { pickDate, shanghaiDate } from './trade-helpers';

describe('月嫂', () => {
  const suite = useBrowserSuite();

  it('an administrator adds a nurse, adds a certificate that has expired and sees 已过期 in the list, and adds a leave', async () => {
    const page = await signedInAt(suite, '/serve/monthlyNurse', { width: 1600, height: 900 });
    const nurses = page.locator('.monthly-nurse-table');
    await nurses.locator('.ant-table').waitFor();

    await button(nurses, '新增月嫂').click();
    const add = dialog(page, '新增月嫂');
    await button(add, '确定').click();
    await formError(add, '请输入姓名!');
    await add.getByLabel('姓名').fill('林浏览器');
    await add.getByLabel('手机号').fill('13766668888');
    await choose(page, add.getByLabel('等级'), '金牌');
    await choose(page, add.getByLabel('从业类型'), '月嫂');
    await choose(page, add.getByLabel('服务方式'), '会所');
    await choose(page, add.getByLabel('用工方式'), '员工制');
    await choose(page, add.getByLabel('门店'), '南山店');
    await add.getByLabel('26天价格（元）').fill('16800');
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    // A second 新增 starts empty, not with the last one's values.
    await button(nurses, '新增月嫂').click();
    const again = dialog(page, '新增月嫂');
    expect(await again.getByLabel('姓名').inputValue()).toBe('');
    await button(again, '取消').click();
    await again.waitFor({ state: 'hidden' });
    // The demo's nurses come first (by number): find her by name.
    await nurses.getByLabel('姓名').fill('林浏览器');
    await button(nurses, '查询').click();
    const nurse = row(nurses, '林浏览器');
    await nurse.waitFor();
    expect(await nurse.textContent()).toContain('金牌');
    expect(await nurse.locator('[data-expiry]').count()).toBe(0);

    // 证书: one expired yesterday.
    await nurse.getByText('证书', { exact: true }).click();
    const certs = drawer(page, '林浏览器的证书');
    await button(certs, '新增证书').click();
    const certForm = dialog(page, '新增证书');
    await choose(page, certForm.getByLabel('证书类型'), '母婴护理师证');
    await certForm.getByLabel('证书编号').fill('MY-E2E-1');
    await pickDate(certForm.getByLabel('到期日期'), shanghaiDate(-1));
    await button(certForm, '保存').click();
    await toast(page, '添加成功！');
    const cert = row(certs.locator('.nurse-certificate-table'), 'MY-E2E-1');
    await cert.locator('[data-expiry="expired"]', { hasText: '已过期' }).waitFor();
    await page.keyboard.press('Escape');

    // The list flags her, and the 证件预警 filter finds her.
    await nurse.locator('[data-expiry="expired"]', { hasText: '母婴护理师证已过期' }).waitFor();

    // 请假 (under 更多): three days, both ends counted.
    await moreAction(page, nurse, '请假');
    const leaves = drawer(page, '林浏览器的请假');
    // Dates typed and left by a click on the drawer's title (Enter would submit the inline form at once;
    // the open calendar may cover the fields of the form's second line).
    const typeDate = async (label: string, value: string) => {
      const input = leaves.getByLabel(label);
      await input.click();
      await input.fill(value);
      await leaves.locator('.ant-drawer-title').click();
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
    };
    await typeDate('开始日期', shanghaiDate(12));
    await typeDate('结束日期', shanghaiDate(10));
    await leaves.getByLabel('原因').fill('回老家');
    await button(leaves, '新增请假').click();
    await formError(leaves, '结束日期不能早于开始日期');
    await typeDate('开始日期', shanghaiDate(10));
    await typeDate('结束日期', shanghaiDate(12));
    await button(leaves, '新增请假').click();
    await toast(page, '请假已添加');
    const leave = row(leaves.locator('.nurse-leave-table'), '回老家');
    await leave.waitFor();
    expect(await leave.textContent()).toContain(shanghaiDate(10));
    expect(await leave.locator('td').nth(2).textContent()).toBe('3');
  });
});
