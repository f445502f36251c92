import { describe, expect, it } from 'vitest';
import type { CrmOption } from '@care/shared';
import { useSharedBrowserSuite } from './harness';
import { button, confirmPop, dialog, drawer, rows } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf } from './trade-helpers';

// The AI log: a match in the 匹配月嫂 drawer shows its explanation (no model configured: the
// rule-based explainer, naming the top candidate and her score); the AI log page lists it with the
// same output and its input; a 查看链接 shows the same list, masked, without a session until it is revoked.

describe('AI 日志', () => {
  const suite = useSharedBrowserSuite();

  it('a match shows its explanation, the log page lists it with its input, and a link shows it without a session until revoked', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    // A free gold nurse of 南山店, so that the match has at least one candidate.
    const nanshan = (await post<CrmOption[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
    await post('/online/monthlyNurse/add', {
      name: `AI说明${Date.now().toString(36).slice(-4)}`,
      phone: `135${String(Date.now()).slice(-8)}`,
      level: 'gold',
      practiceType: 'confinement_nurse',
      serviceType: 'home',
      employment: 'employee',
      price26Days: '12000',
      storeId: nanshan,
    });

    await page.goto(`${base}/app/serve/nurseSchedule`);
    await page.locator('.nurse-schedule-filters').waitFor();
    await button(page.locator('.nurse-schedule-filters'), '匹配月嫂').click();
    const matcher = drawer(page, '匹配月嫂');
    await button(matcher, '匹配').click();
    const explanation = matcher.locator('.nurse-match-explanation');
    await explanation.waitFor();
    expect(await explanation.locator('.nurse-match-explanation-model').textContent()).toBe('rule-based');
    const text = (await explanation.locator('.ant-alert-description').innerText()).trim();
    // It speaks of the candidates the drawer ranks: the first one by name, number and score.
    const first = matcher.locator('.nurse-match-candidate').first();
    const firstName = (await first.locator('.nurse-match-name').textContent())!.trim();
    const firstScore = (await first.locator('strong').textContent())!.replace('得分', '').trim();
    const firstNo = (await first.getAttribute('data-nurse-no'))!;
    const count = await matcher.locator('.nurse-match-candidate').count();
    expect(text.split('\n')[0]).toContain(`共有 ${count} 位月嫂可接单`);
    expect(text).toContain(`1. ${firstName}，得分 ${firstScore}，`);

    // The log page (opened from 系统管理 › AI 日志 in a new window): the newest row is this match.
    await page.goto(`${base}/app/ai/aiLogHostory`);
    const table = page.locator('.ai-log-table');
    const newest = rows(table).first();
    await newest.waitFor();
    expect(await newest.locator('td').nth(1).textContent()).toBe('月嫂匹配说明');
    expect(await newest.locator('td').nth(3).textContent()).toBe('rule-based');
    expect(await newest.locator('td').nth(4).textContent()).toBe('成功');
    await newest.locator('.ai-log-detail-link').click();
    const detail = drawer(page, 'AI 日志详情');
    expect((await detail.locator('.ai-log-detail-output').innerText()).trim()).toBe(text);
    const input = JSON.parse((await detail.locator('.ai-log-detail-input').textContent())!) as { candidates: { nurseNo: string }[]; candidateCount: number };
    expect(input.candidates[0]!.nurseNo).toBe(firstNo);
    expect(input.candidateCount).toBe(count);
    await page.keyboard.press('Escape');

    // A 查看链接, shown once.
    await button(page, '查看链接').click();
    const links = dialog(page, 'AI 日志查看链接');
    await button(links, '生成链接').click();
    const address = links.getByLabel(/^新链接/);
    await address.waitFor();
    const url = new URL(await address.inputValue());
    expect(`${url.pathname}${url.search}`).toMatch(/^\/app\/ai\/aiLogHostory\?token=[A-Za-z0-9_-]{43}$/);

    // Without a session: the same list, read-only (no 查看链接 button) and masked: action, operator,
    // model, time and outcome, no output, input or names.
    const context = await suite.newContext({ viewport: { width: 1440, height: 900 } });
    const guest = await context.newPage();
    await guest.goto(`${base}${url.pathname}${url.search}`);
    const shared = rows(guest.locator('.ai-log-table')).first();
    await shared.waitFor();
    expect(await shared.locator('td').nth(1).textContent()).toBe('月嫂匹配说明');
    expect(await shared.locator('td').nth(3).textContent()).toBe('rule-based');
    expect(await shared.locator('td').nth(4).textContent()).toBe('成功');
    expect(await guest.locator('.ai-log-output, .ai-log-detail-link').count()).toBe(0);
    expect(await guest.locator('.ai-log-table').innerText()).not.toContain(firstName);
    expect(await guest.getByRole('button', { name: /查看链接/ }).count()).toBe(0);

    // Revoked: the link shows only 链接无效或已过期.
    await links.locator('.ai-log-link-revoke').first().click();
    await confirmPop(page);
    await links.locator('.ant-table-row').filter({ hasText: '已撤销' }).waitFor();
    await guest.reload();
    await guest.getByText('链接无效或已过期').waitFor();
    expect(await guest.locator('.ai-log-table').count()).toBe(0);
    // An unknown token, the same.
    await guest.goto(`${base}/app/ai/aiLogHostory?token=${'x'.repeat(43)}`);
    await guest.getByText('链接无效或已过期').waitFor();
  });

  it('AI总结 on a lead\'s follow-ups shows a summary in a dialog, and the log lists it', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    const nanshan = (await post<CrmOption[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
    const name = `总结${Date.now().toString(36).slice(-4)}`;
    const lead = await post<{ id: string; leadNo: string }>('/online/lead/add', { name, phone: `134${String(Date.now()).slice(-8)}`, preferredStoreId: nanshan, intentionGrade: 'A' });
    await post('/online/followUp/add', { leadId: lead.id, type: 'sales', way: 'phone', content: '电话沟通，客户关注价格' });
    await post('/online/followUp/add', { leadId: lead.id, type: 'sales', way: 'wechat', content: '微信发送套餐资料，约周六到店参观' });

    await page.goto(`${base}/app/crm/lead`);
    const table = page.locator('.lead-table');
    await table.locator('.ant-table').waitFor();
    await table.getByLabel('客户姓名').fill(name);
    await button(table, '查询').click();
    const leadRow = table.locator('tbody tr.ant-table-row').filter({ hasText: name });
    await leadRow.waitFor();
    await leadRow.getByText('跟进', { exact: true }).click();
    const follow = drawer(page, `跟进记录 - ${name}（${lead.leadNo}）`);
    await follow.locator('.follow-up-item').nth(1).waitFor();
    await button(follow, 'AI总结').click();
    const summary = dialog(page, 'AI 跟进总结');
    const text = summary.locator('.follow-up-ai-summary-text');
    await text.waitFor();
    const lines = (await text.innerText()).trim().split('\n');
    expect(lines[0]).toMatch(/^该线索共 2 条跟进记录/);
    expect(lines[2]).toContain('微信发送套餐资料，约周六到店参观');
    await summary.getByText('模型：rule-based').waitFor();

    await page.goto(`${base}/app/ai/aiLogHostory`);
    const newest = rows(page.locator('.ai-log-table')).first();
    await newest.waitFor();
    expect(await newest.locator('td').nth(1).textContent()).toBe('跟进总结');
    expect(await newest.locator('.ai-log-output').textContent()).toBe(lines[0]);
  });
});
