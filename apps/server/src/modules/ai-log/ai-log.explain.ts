import { RULE_BASED_MODEL, type AiLogStatus, type MatchExplainInput, type SummaryExplainInput } from '@care/shared';
import type { AppConfig } from '../../platform/config.js';

// The explainer (docs/reports.md "AI log"): with AI_API_URL an OpenAI-compatible model writes the
// text from a Chinese prompt built from the input; without one, or when the call fails or times out,
// the deterministic rule-based explainer below writes it from the same input.

export type AiSettings = AppConfig['ai'];

export interface Prompt {
  system: string;
  user: string;
}

export interface Explained {
  output: string;
  model: string;
  status: AiLogStatus;
  error: string | null;
  durationMs: number;
}

const MAX_ERROR = 500;
const MAX_OUTPUT = 8000;

// ---- nurse matching ----

export function matchPrompt(input: MatchExplainInput): Prompt {
  const lines = [
    `匹配条件：${input.criteria.join('；')}`,
    `服务期间：${input.period.from} 至 ${input.period.to}（下户日）`,
    `候选月嫂共 ${input.candidateCount} 位，未入选 ${input.excludedCount} 位。`,
    '排名靠前的候选人及评分构成：',
    ...input.candidates.map((c, i) => `${i + 1}. ${c.name}（${c.nurseNo}），总分 ${c.score}，期间报价 ¥${c.periodPrice}：${c.reasons.map(reasonText).join('；')}`),
  ];
  if (input.excludedReasons.length > 0) lines.push(`未入选原因：${input.excludedReasons.map((r) => `${r.reason}（${r.count}位）`).join('；')}`);
  return {
    system: '你是月子中心的派工顾问。请根据给出的匹配结果，用简洁的中文向顾问说明推荐理由：逐一说明排名靠前的月嫂为什么合适、相互之间的差别，并概括未入选的主要原因。只使用给出的事实，不要编造。',
    user: lines.join('\n'),
  };
}

function reasonText(r: { text: string; points?: number }): string {
  return r.points === undefined ? r.text : `${r.text}（+${r.points}）`;
}

/** The rule-based match explanation: the criteria, each top candidate with her scored reasons, the rest. */
export function ruleMatchText(input: MatchExplainInput): string {
  if (input.candidateCount === 0) {
    const why = input.excludedReasons.length > 0 ? `主要原因：${input.excludedReasons.map((r) => `${r.reason} ${r.count} 位`).join('，')}。` : '';
    return `按条件（${input.criteria.join('，')}）没有可推荐的月嫂，${input.excludedCount} 位未入选。${why}`;
  }
  const lines = [`按条件（${input.criteria.join('，')}）共有 ${input.candidateCount} 位月嫂可接单，推荐前 ${input.candidates.length} 位：`];
  input.candidates.forEach((c, i) => {
    const scored = c.reasons.filter((r) => (r.points ?? 0) > 0).sort((a, b) => (b.points ?? 0) - (a.points ?? 0));
    const main = scored.slice(0, 2).map((r) => r.text);
    lines.push(`${i + 1}. ${c.name}（${c.nurseNo}），得分 ${c.score}，期间报价 ¥${c.periodPrice}。${main.length > 0 ? `主要优势：${main.join('；')}。` : ''}评分构成：${c.reasons.map(reasonText).join('；')}。`);
  });
  if (input.candidates.length > 1) {
    const [a, b] = input.candidates as [MatchExplainInput['candidates'][number], MatchExplainInput['candidates'][number]];
    const gap = Math.round((a.score - b.score) * 10) / 10;
    lines.push(gap > 0 ? `${a.name}比${b.name}高 ${gap} 分。` : `${a.name}与${b.name}同分，按编号排序。`);
  }
  if (input.excludedCount > 0) {
    lines.push(`另有 ${input.excludedCount} 位未入选${input.excludedReasons.length > 0 ? `：${input.excludedReasons.map((r) => `${r.reason} ${r.count} 位`).join('，')}` : ''}。`);
  }
  return lines.join('\n');
}

// ---- follow-up summaries ----

const SUBJECT = { lead: '线索', customer: '客户' } as const;

export function summaryPrompt(input: SummaryExplainInput): Prompt {
  const lines = [
    `对象：${SUBJECT[input.subject]}，共 ${input.total} 条跟进记录，以下为最近 ${input.followUps.length} 条（新的在前）：`,
    ...input.followUps.map((f) => `- ${f.at} ${f.by} ${f.way}/${f.type}：${f.content}${f.nextFollowAt ? `（下次跟进 ${f.nextFollowAt}）` : ''}`),
  ];
  return {
    system: '你是月子中心的销售助理。请用简洁的中文总结这些跟进记录：客户的需求与顾虑、目前进展、下一步建议。只使用给出的事实，不要编造。',
    user: lines.join('\n'),
  };
}

function clip(text: string, n: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
}

/** The rule-based summary: how many, over which days, by which ways, the latest record and what is next. */
export function ruleSummaryText(input: SummaryExplainInput): string {
  const list = input.followUps;
  if (list.length === 0) return `该${SUBJECT[input.subject]}暂无跟进记录。`;
  const newest = list[0]!;
  const oldest = list[list.length - 1]!;
  const ways = countBy(list.map((f) => f.way));
  const types = countBy(list.map((f) => f.type));
  const lines = [
    `该${SUBJECT[input.subject]}共 ${input.total} 条跟进记录${input.total > list.length ? `（总结最近 ${list.length} 条）` : ''}，时间 ${oldest.at.slice(0, 10)} 至 ${newest.at.slice(0, 10)}。`,
    `跟进方式：${ways.map(([k, n]) => `${k} ${n} 次`).join('、')}；跟进类型：${types.map(([k, n]) => `${k} ${n} 次`).join('、')}。`,
    `最近一次（${newest.at}，${newest.by || '—'}）：${clip(newest.content, 120)}`,
  ];
  if (list.length > 1) lines.push(`此前要点：${list.slice(1, 4).map((f) => `${f.at.slice(0, 10)} ${clip(f.content, 40)}`).join('；')}`);
  const next = list.find((f) => f.nextFollowAt)?.nextFollowAt;
  lines.push(next ? `下次跟进：${next}。` : '尚未安排下次跟进。');
  return lines.join('\n');
}

function countBy(values: string[]): [string, number][] {
  const map = new Map<string, number>();
  for (const v of values) map.set(v || '未填写', (map.get(v || '未填写') ?? 0) + 1);
  return [...map.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

// ---- the model ----

/**
 * Asks the configured model; falls back to `rule()` when none is configured (status ok, model
 * rule-based) or when the call fails (status fallback, the failure in `error`). The API key goes in
 * the Authorization header only: it is never logged, nor put in an error text.
 */
export async function explain(ai: AiSettings, prompt: Prompt, rule: () => string, fetchImpl: typeof fetch = fetch): Promise<Explained> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!ai) return { output: rule(), model: RULE_BASED_MODEL, status: 'ok', error: null, durationMs: elapsed() };
  try {
    const output = await callModel(ai, prompt, fetchImpl);
    return { output, model: ai.model, status: 'ok', error: null, durationMs: elapsed() };
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, MAX_ERROR);
    return { output: rule(), model: RULE_BASED_MODEL, status: 'fallback', error: ai.apiKey ? error.replaceAll(ai.apiKey, '***') : error, durationMs: elapsed() };
  }
}

async function callModel(ai: NonNullable<AiSettings>, prompt: Prompt, fetchImpl: typeof fetch): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ai.apiKey) headers.authorization = `Bearer ${ai.apiKey}`;
  let response: Response;
  try {
    response = await fetchImpl(`${ai.apiUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: ai.model,
        temperature: 0.2,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
      }),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
  } catch (e) {
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) throw new Error(`模型调用超时（${ai.timeoutMs} ms）`);
    throw new Error(`模型调用失败：${e instanceof Error ? e.message : String(e)}`);
  }
  if (!response.ok) throw new Error(`模型调用失败：HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error('模型未返回内容');
  return content.trim().slice(0, MAX_OUTPUT);
}
