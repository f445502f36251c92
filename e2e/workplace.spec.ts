import { describe, expect, it } from 'vitest';
import { addDays, type WorkplaceOverview } from '@care/shared';
import { signedPost, tokenOf } from './auth-helpers';
import { useSharedBrowserSuite } from './harness';
import { signedInPage } from './shell-helpers';

const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('工作台 and 任务', () => {
  const suite = useSharedBrowserSuite();

  it('shows my due follow-ups (overdue marked) and the approvals waiting for me, each linking to its page', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const token = (await tokenOf(page))!;
    // Prepared: two leads of mine, one due yesterday (overdue), one due the day after tomorrow (not shown).
    const yesterday = addDays(shanghaiToday(), -1);
    const due = await signedPost<{ id: string }>(base, '/online/lead/add', { name: '工作台逾期', phone: '13912340001', nextFollowAt: `${yesterday} 10:00` }, token);
    expect(due.code, due.message).toBe('0');
    const later = await signedPost<{ id: string }>(base, '/online/lead/add', { name: '工作台后天', phone: '13912340002', nextFollowAt: `${addDays(shanghaiToday(), 2)} 10:00` }, token);
    expect(later.code, later.message).toBe('0');
    const expected = (await signedPost<WorkplaceOverview>(base, '/online/workplace/overview', {}, token)).result;

    await page.goto(`${base}/app/dashboard/workplace`);
    const followUps = page.locator('.workplace-follow-ups');
    await followUps.getByText('工作台逾期').waitFor();
    expect(await followUps.getByText('工作台后天').count()).toBe(0);
    const row = followUps.locator('.workplace-row', { hasText: '工作台逾期' });
    expect(await row.innerText()).toContain('已逾期');
    expect(await row.innerText()).toContain(`${yesterday} 10:00`);
    expect(await followUps.locator('.ant-card-head .ant-badge').first().innerText()).toBe(String(expected.followUps.total));

    // Approvals: the administrator holds every approving action; each group shows its count and first rows.
    const approvals = page.locator('.workplace-approvals');
    expect(await approvals.locator('.ant-card-head .ant-badge').first().innerText()).toBe(String(expected.approvals.total));
    for (const group of expected.approvals.groups.filter((g) => g.count > 0)) {
      const box = approvals.locator(`.workplace-group-${group.type}`);
      expect(await box.locator('.workplace-group-count').innerText()).toBe(String(group.count));
      expect(await box.locator('.workplace-row').count()).toBe(group.rows.length);
    }
    // Today's check-ins and check-outs of the demo data, as many as the stays say.
    expect(await page.locator('.workplace-check-ins .ant-table-row').count()).toBe(Math.min(10, expected.stays!.checkIns.length));
    expect(await page.locator('.workplace-check-outs .ant-table-row').count()).toBe(Math.min(10, expected.stays!.checkOuts.length));

    // The follow-up links to the lead list.
    await row.locator('.workplace-row-title').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/crm/lead');

    // 任务: the same work in one list; filtered to 线索跟进, the overdue lead is there.
    await page.goto(`${base}/app/dashboard/task?type=leadFollowUp`);
    const table = page.locator('.task-table');
    await table.getByText('工作台逾期').waitFor();
    expect(await table.locator('.ant-table-row').count()).toBe(expected.followUps.groups.find((g) => g.type === 'leadFollowUp')!.count);
  });
});
