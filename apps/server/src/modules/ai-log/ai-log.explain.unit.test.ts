import { describe, expect, it } from 'vitest';
import type { MatchExplainInput, SummaryExplainInput } from '@care/shared';
import { explain, matchPrompt, ruleMatchText, ruleSummaryText } from './ai-log.explain.js';

// The explainer's pure parts: the rule-based texts from a prepared input, and the model call's
// fallback (a stand-in fetch) never carrying the API key into what is logged.

const input: MatchExplainInput = {
  criteria: ['2031-03-01 起 26 天', '预算 ¥15000'],
  period: { from: '2031-03-01', to: '2031-03-27' },
  candidateCount: 2,
  candidates: [
    { name: '王芳', nurseNo: 'N01', score: 40, periodPrice: '13000.00', reasons: [{ text: '评分 5.00（2条评价）', points: 30 }, { text: '近90天上户 45 天', points: 10 }, { text: '无额外技能', points: 0 }] },
    { name: '李娟', nurseNo: 'N02', score: 40, periodPrice: '12000.00', reasons: [{ text: '评分 4.00（1条评价）', points: 24 }, { text: '近90天上户 18 天', points: 16 }] },
  ],
  excludedCount: 3,
  excludedReasons: [{ reason: '档期冲突', count: 2 }, { reason: '休息中', count: 1 }],
};

describe('the rule-based explainer', () => {
  it('names each top candidate with her two largest parts and every part with its points; a tie is said to be one', () => {
    expect(ruleMatchText(input).split('\n')).toEqual([
      '按条件（2031-03-01 起 26 天，预算 ¥15000）共有 2 位月嫂可接单，推荐前 2 位：',
      '1. 王芳（N01），得分 40，期间报价 ¥13000.00。主要优势：评分 5.00（2条评价）；近90天上户 45 天。评分构成：评分 5.00（2条评价）（+30）；近90天上户 45 天（+10）；无额外技能（+0）。',
      '2. 李娟（N02），得分 40，期间报价 ¥12000.00。主要优势：评分 4.00（1条评价）；近90天上户 18 天。评分构成：评分 4.00（1条评价）（+24）；近90天上户 18 天（+16）。',
      '王芳与李娟同分，按编号排序。',
      '另有 3 位未入选：档期冲突 2 位，休息中 1 位。',
    ]);
  });

  it('says why nobody is offered', () => {
    expect(ruleMatchText({ ...input, candidateCount: 0, candidates: [] })).toBe('按条件（2031-03-01 起 26 天，预算 ¥15000）没有可推荐的月嫂，3 位未入选。主要原因：档期冲突 2 位，休息中 1 位。');
  });

  it('summarises follow-ups: count, days, ways and types, the latest, earlier points and the next follow-up', () => {
    const s: SummaryExplainInput = {
      subject: 'customer',
      total: 3,
      followUps: [
        { at: '2031-03-05 10:00', type: '回访', way: '电话', content: '确认入住日期', by: '李晓梅', nextFollowAt: null },
        { at: '2031-03-03 09:00', type: '销售', way: '微信', content: '发送套餐', by: '李晓梅', nextFollowAt: '2031-03-05 10:00' },
        { at: '2031-03-01 15:00', type: '销售', way: '电话', content: '首次联系', by: '王强', nextFollowAt: null },
      ],
    };
    expect(ruleSummaryText(s).split('\n')).toEqual([
      '该客户共 3 条跟进记录，时间 2031-03-01 至 2031-03-05。',
      '跟进方式：电话 2 次、微信 1 次；跟进类型：销售 2 次、回访 1 次。',
      '最近一次（2031-03-05 10:00，李晓梅）：确认入住日期',
      '此前要点：2031-03-03 发送套餐；2031-03-01 首次联系',
      '下次跟进：2031-03-05 10:00。',
    ]);
  });
});

describe('the model call', () => {
  const ai = { apiUrl: 'http://model.test/v1', apiKey: 'sk-secret', model: 'm1', timeoutMs: 1000 };

  it('sends the prompt with the key as a bearer and uses the answer', async () => {
    let seen: { url: string; auth: string | null; body: { model: string; messages: { content: string }[] } } | undefined;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen = { url, auth: new Headers(init.headers).get('authorization'), body: JSON.parse(String(init.body)) };
      return new Response(JSON.stringify({ choices: [{ message: { content: ' 说明 ' } }] }), { status: 200 });
    }) as unknown as typeof fetch;
    const done = await explain(ai, matchPrompt(input), () => 'rules', fetchImpl);
    expect(done).toMatchObject({ output: '说明', model: 'm1', status: 'ok', error: null });
    expect(seen!.url).toBe('http://model.test/v1/chat/completions');
    expect(seen!.auth).toBe('Bearer sk-secret');
    expect(seen!.body.messages[1]!.content).toContain('1. 王芳（N01），总分 40');
  });

  it('falls back to the rules on a failure, without the key in the error', async () => {
    const fetchImpl = (async () => {
      throw new Error('connect refused for sk-secret');
    }) as unknown as typeof fetch;
    const done = await explain(ai, matchPrompt(input), () => 'rules', fetchImpl);
    expect(done).toMatchObject({ output: 'rules', model: 'rule-based', status: 'fallback', error: '模型调用失败：connect refused for ***' });
    const empty = await explain(ai, matchPrompt(input), () => 'rules', (async () => new Response('{"choices":[]}', { status: 200 })) as unknown as typeof fetch);
    expect(empty).toMatchObject({ status: 'fallback', error: '模型未返回内容' });
  });

  it('answers with the rules when no model is configured', async () => {
    expect(await explain(undefined, matchPrompt(input), () => 'rules')).toMatchObject({ output: 'rules', model: 'rule-based', status: 'ok', error: null });
  });
});
