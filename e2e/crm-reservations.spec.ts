import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CrmOption, Lead } from '@care/shared';
import { ADMIN, signedPost, submitAccount, tokenOf } from './auth-helpers';
import { downloadedFile, useBrowserSuite } from './harness';
import { button, confirmPop, dialog, drawer, formError, toast } from './security-helpers';

// Demo consultants of 南山店 (seed/demo-roles.ts), with the admin's password. Phones 1991… and these
// names are not used by the demo CRM data.
const SALES1 = { username: 'nanshan.sales1', firstName: '李晓梅' };
const SALES2 = { username: 'nanshan.sales2' };
const MANAGER = { username: 'nanshan.manager' };
const GUEST_A = { name: '端木晚晴', phone: '19910000001' };
const GUEST_B = { name: '公孙若溪', phone: '19910000002' };

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/login`);
  await submitAccount(page, username, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/app/user/login');
}

/** A Shanghai calendar date `days` from today. */
function shanghaiDate(days: number): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

const tableRow = (table: Locator, text: string): Locator => table.locator('tbody tr.ant-table-row').filter({ hasText: text });

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

/** Types a date-time into a picker and confirms it. */
async function pickDateTime(page: Page, input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
}

/** Searches a ProTable by one text filter and waits for the answer. */
async function search(table: Locator, label: string, value: string): Promise<void> {
  await table.getByLabel(label, { exact: true }).fill(value);
  await button(table, '查询').click();
  await table.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
}

async function openReservations(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/app/crm/reservation`);
  const table = page.locator('.reservation-table');
  await table.locator('.ant-table').waitFor();
  return table;
}

/** Switches the 预约 page to its calendar and shows the week (or day) holding `date`. */
async function openCalendar(page: Page, date: string, mode: '周' | '日' = '周'): Promise<Locator> {
  await page.locator('.reservation-view-switch').getByText('日历', { exact: true }).click();
  const calendar = page.locator('.visit-calendar');
  await calendar.locator('.visit-calendar-toolbar').waitFor();
  await calendar.locator('.visit-calendar-mode').getByText(mode, { exact: true }).click();
  const picker = calendar.locator('.visit-calendar-date input');
  await picker.click();
  await picker.fill(date);
  await picker.press('Enter');
  await page.locator(`.visit-calendar[data-from="${mode === '周' ? mondayOf(date) : date}"]`).waitFor();
  await calendar.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  return calendar;
}

describe('CRM visits (预约) in the browser', () => {
  const suite = useBrowserSuite();
  const day = shanghaiDate(1);
  let visitIdB = '';

  it('a consultant books a visit for a lead, finds it in the list and the week and day calendar, reschedules it, marks it arrived and cancels another with a reason', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, baseUrl, SALES1.username);
    const token = (await tokenOf(page))!;
    const stores = (await signedPost<CrmOption[]>(baseUrl, '/online/store/options', {}, token)).result;
    const nanshan = stores.find((s) => s.name === '南山店')!.id;
    const leadA = await signedPost<Lead>(baseUrl, '/online/lead/add', { name: GUEST_A.name, phone: GUEST_A.phone, preferredStoreId: nanshan }, token);
    expect(leadA.code).toBe('0');
    const leadB = await signedPost<Lead>(baseUrl, '/online/lead/add', { name: GUEST_B.name, phone: GUEST_B.phone, preferredStoreId: nanshan }, token);
    expect(leadB.code).toBe('0');

    // Booked from the lead's row: the store is the lead's 意向门店; the lead becomes 已预约参观.
    await page.goto(`${baseUrl}/app/crm/lead`);
    const leads = page.locator('.lead-table');
    await leads.locator('.ant-table').waitFor();
    await search(leads, '客户姓名', GUEST_A.name);
    const lead = tableRow(leads, GUEST_A.name);
    await lead.getByText('预约参观', { exact: true }).click();
    const book = dialog(page, new RegExp(`预约参观 - ${GUEST_A.name}`));
    await formItem(book, '参观门店').locator('.ant-select-selection-item').getByText('南山店').waitFor();
    await button(book, '确定').click();
    await formError(book, '请选择参观时间!');
    await pickDateTime(page, book.getByLabel('参观时间'), `${day} 10:30`);
    await book.getByLabel('到访人数').fill('3');
    await book.getByLabel('备注').fill('先生和婆婆一起来');
    await button(book, '确定').click();
    await toast(page, '预约成功！');
    await book.waitFor({ state: 'hidden' });
    await lead.locator('.lead-status[data-status="visit_booked"]').waitFor();

    // A second visit for the same lead: the server's refusal shows in the modal.
    await lead.getByText('预约参观', { exact: true }).click();
    const again = dialog(page, new RegExp(`预约参观 - ${GUEST_A.name}`));
    await pickDateTime(page, again.getByLabel('参观时间'), `${day} 16:00`);
    await button(again, '确定').click();
    await again.locator('.visit-refusal').getByText(new RegExp(`^已有待到店的参观预约：YY\\d+（${day} 10:30:00）$`)).waitFor();
    await button(again, '取消').click();
    await again.waitFor({ state: 'hidden' });

    // The other lead's visit, booked through the API, an hour earlier the same day.
    const visitB = await signedPost<{ id: string }>(baseUrl, '/online/reservation/add', { leadId: leadB.result.id, storeId: nanshan, at: `${day} 09:00` }, token);
    expect(visitB.code).toBe('0');
    visitIdB = visitB.result.id;

    // The list.
    const table = await openReservations(page, baseUrl);
    await search(table, '姓名', GUEST_A.name);
    const rowA = tableRow(table, GUEST_A.name);
    await rowA.locator('.reservation-at').getByText(`${day} 10:30`).waitFor();
    await rowA.locator('.visit-status[data-status="pending"]').getByText('待到店').waitFor();
    await rowA.getByText('南山店').waitFor();
    await rowA.getByText(SALES1.firstName).waitFor();
    // 未到店 is offered only once the visit time has come.
    expect(await rowA.getByText('未到店', { exact: true }).count()).toBe(0);

    // The week calendar: the card sits in its day's 10:00 row; the day view lists it under 10:00.
    let calendar = await openCalendar(page, day);
    const weekCard = calendar.locator(`.visit-calendar-week .visit-calendar-cell[data-date="${day}"][data-hour="10"] .visit-card`).filter({ hasText: GUEST_A.name });
    await weekCard.waitFor();
    expect(await weekCard.getAttribute('data-status')).toBe('pending');
    expect(await weekCard.locator('.visit-card-time').innerText()).toBe('10:30');
    expect(await weekCard.locator('.visit-card-store').innerText()).toContain('南山店');
    await calendar.locator(`.visit-calendar-cell[data-date="${day}"][data-hour="9"] .visit-card`).filter({ hasText: GUEST_B.name }).waitFor();
    // Next week has neither; back again.
    await calendar.locator('.visit-calendar-next').getByText('下一周').click();
    await page.locator(`.visit-calendar[data-from="${mondayOf(shanghaiDate(8))}"]`).waitFor();
    await calendar.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    expect(await calendar.locator('.visit-card').filter({ hasText: GUEST_A.name }).count()).toBe(0);
    await calendar.locator('.visit-calendar-prev').getByText('上一周').click();
    await weekCard.waitFor();

    calendar = await openCalendar(page, day, '日');
    const dayCard = calendar.locator(`.visit-calendar-day[data-date="${day}"] .visit-calendar-cell[data-hour="10"] .visit-card`).filter({ hasText: GUEST_A.name });
    await dayCard.waitFor();
    expect(await dayCard.innerText()).toContain(GUEST_A.phone);

    // Clicking the card opens its detail with the same actions: 改期 to 15:00.
    await dayCard.click();
    const detail = drawer(page, '预约详情');
    await detail.locator('.visit-detail-at').getByText(`${day} 10:30`).waitFor();
    await detail.getByText('改期', { exact: true }).click();
    const move = dialog(page, new RegExp(`改期 - ${GUEST_A.name}`));
    await move.getByLabel('参观时间').click();
    await move.getByLabel('参观时间').fill(`${day} 15:00`);
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
    await button(move, '确定').click();
    await toast(page, '编辑成功!');
    await move.waitFor({ state: 'hidden' });
    await detail.locator('.visit-detail-at').getByText(`${day} 15:00`).waitFor();
    await page.locator('.visit-detail-drawer .ant-drawer-close').click();
    await calendar.locator(`.visit-calendar-cell[data-hour="15"] .visit-card`).filter({ hasText: GUEST_A.name }).waitFor();
    expect(await calendar.locator(`.visit-calendar-cell[data-hour="10"] .visit-card`).filter({ hasText: GUEST_A.name }).count()).toBe(0);

    // Back in the list: A arrives, B is cancelled with a reason.
    await page.locator('.reservation-view-switch').getByText('列表', { exact: true }).click();
    await table.locator('.ant-table').waitFor();
    await search(table, '姓名', GUEST_A.name);
    await rowA.locator('.reservation-at').getByText(`${day} 15:00`).waitFor();
    await rowA.getByText('已到店', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '已标记为已到店');
    await rowA.locator('.visit-status[data-status="arrived"]').getByText('已到店').waitFor();
    expect(await rowA.locator('.reservation-actions a').count()).toBe(0);

    await search(table, '姓名', GUEST_B.name);
    const rowB = tableRow(table, GUEST_B.name);
    await rowB.getByText('取消', { exact: true }).click();
    const cancel = dialog(page, new RegExp(`取消预约 - ${GUEST_B.name}`));
    await cancel.getByText(`确定取消「${GUEST_B.name}」${day} 09:00 的参观预约吗？取消后不能恢复。`).waitFor();
    await button(cancel, '确定取消').click();
    await formError(cancel, '请填写取消原因!');
    await cancel.getByLabel('取消原因').fill('客户临时出差，改约再定');
    await button(cancel, '确定取消').click();
    await toast(page, '预约已取消');
    await cancel.waitFor({ state: 'hidden' });
    await rowB.locator('.visit-status[data-status="cancelled"]').getByText('已取消').waitFor();
    await rowB.locator('.reservation-cancel-reason').getByText('客户临时出差，改约再定').waitFor();

    // The calendar shows both end states.
    calendar = await openCalendar(page, day);
    await calendar.locator(`.visit-calendar-cell[data-date="${day}"][data-hour="15"] .visit-card[data-status="arrived"]`).filter({ hasText: GUEST_A.name }).waitFor();
    const cancelled = calendar.locator(`.visit-calendar-cell[data-date="${day}"][data-hour="9"] .visit-card[data-status="cancelled"]`).filter({ hasText: GUEST_B.name });
    await cancelled.locator('.visit-card-status').getByText('已取消').waitFor();
    await cancelled.click();
    await drawer(page, '预约详情').locator('.visit-detail-cancel-reason').getByText('客户临时出差，改约再定').waitFor();
  });

  it('another consultant sees none of them, in the list or the calendar', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, baseUrl, SALES2.username);
    const table = await openReservations(page, baseUrl);
    for (const guest of [GUEST_A, GUEST_B]) {
      await search(table, '姓名', guest.name);
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(0);
    }
    const calendar = await openCalendar(page, day);
    expect(await calendar.locator('.visit-card').filter({ hasText: GUEST_A.name }).count()).toBe(0);
    expect(await calendar.locator('.visit-card').filter({ hasText: GUEST_B.name }).count()).toBe(0);
    // Nor can they read one by id.
    const token = (await tokenOf(page))!;
    expect((await signedPost(baseUrl, '/online/reservation/queryById', { id: visitIdB }, token)).code).toBe('404');
    // Consultants have no export button (demo-crm.ts).
    expect(await button(table, '导出').count()).toBe(0);
  });

  it("the store's manager sees both with their statuses and exports the filtered list", async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, baseUrl, MANAGER.username);
    const table = await openReservations(page, baseUrl);
    await search(table, '姓名', GUEST_A.name);
    await tableRow(table, GUEST_A.name).locator('.visit-status[data-status="arrived"]').waitFor();
    await search(table, '姓名', GUEST_B.name);
    await tableRow(table, GUEST_B.name).locator('.visit-status[data-status="cancelled"]').waitFor();
    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^参观预约_\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await downloadedFile(file));
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows.slice(1).map((r) => [r[2], r[3], r[5], r[7], r[10]])).toEqual([[GUEST_B.name, GUEST_B.phone, `${day} 09:00:00`, '已取消', '客户临时出差，改约再定']]);
  });
});
