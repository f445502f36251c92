import type { Kysely } from 'kysely';
import {
  AI_LOG_TOKEN_PATTERN,
  AI_SUMMARY_FOLLOW_UPS,
  AiLogText,
  aiLogLinkUrl,
  formatDateTime,
  toPageResult,
  type AiExplanation,
  type AiLinkedType,
  type AiLogLink,
  type AiLogLinkIssued,
  type AiLogListParams,
  type AiLogPage,
  type AiLogRecord,
  type AiLogSharedPage,
  type AiLogSharedRecord,
  type FollowUpSummaryQuery,
  type MatchExplainInput,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import * as links from '../../platform/public-link.js';
import { followUpsForSummary } from '../follow-up/follow-up.ai-log-reads.js';
import { explain, matchPrompt, ruleMatchText, ruleSummaryText, summaryPrompt, type AiSettings, type Explained, type Prompt } from './ai-log.explain.js';
import * as repo from './ai-log.repo.js';

// The AI log (docs/reports.md "AI log"): the explained actions, the log's pages (session or link) and
// its links. Modules that explain something call `explainMatch` (nurse-schedule); ai-log imports none
// of them.

export type { AiSettings } from './ai-log.explain.js';

interface Actor {
  companyId: string;
  userId: string;
}

/** Explains, then logs what was asked and answered; the log row's id comes back with the text. */
async function explainAndLog(
  db: Kysely<DB>,
  ai: AiSettings,
  actor: Actor,
  entry: { kind: repo.NewLogRow['kind']; input: unknown; prompt: Prompt; rule: () => string; linked?: { type: AiLinkedType; id: string } },
): Promise<AiExplanation> {
  let done: Explained;
  try {
    done = await explain(ai, entry.prompt, entry.rule);
  } catch (e) {
    // The rules themselves failed (a bug): logged as an error, the action still answers.
    done = { output: '', model: 'rule-based', status: 'error', error: (e instanceof Error ? e.message : String(e)).slice(0, 500), durationMs: 0 };
  }
  const logId = await repo.insertLog(db, {
    companyId: actor.companyId,
    kind: entry.kind,
    input: entry.input,
    output: done.output,
    model: done.model,
    operatorId: actor.userId,
    linkedType: entry.linked?.type ?? null,
    linkedId: entry.linked?.id ?? null,
    status: done.status,
    error: done.error,
    durationMs: done.durationMs,
  });
  return { logId, text: done.output, model: done.model, status: done.status };
}

/** For nurse-schedule: explains a match's top candidates (its input built by the caller) and logs it. */
export function explainMatch(db: Kysely<DB>, ai: AiSettings, actor: Actor, input: MatchExplainInput, orderId?: string): Promise<AiExplanation> {
  return explainAndLog(db, ai, actor, {
    kind: 'nurse_match',
    input,
    prompt: matchPrompt(input),
    rule: () => ruleMatchText(input),
    linked: orderId ? { type: 'order', id: orderId } : undefined,
  });
}

/** AI总结 of a lead's or customer's follow-ups: 404 for one the caller cannot see; refused when there are none. */
export async function summarizeFollowUps(db: Kysely<DB>, ai: AiSettings, session: SessionInfo, q: FollowUpSummaryQuery): Promise<AiExplanation> {
  const target = q.leadId ? { leadId: q.leadId } : { customerId: q.customerId! };
  const input = await followUpsForSummary(db, session, target, AI_SUMMARY_FOLLOW_UPS);
  if (input.followUps.length === 0) throw new BizError(AiLogText.noFollowUps);
  return explainAndLog(db, ai, session, {
    kind: 'follow_up_summary',
    input,
    prompt: summaryPrompt(input),
    rule: () => ruleSummaryText(input),
    linked: q.leadId ? { type: 'lead', id: q.leadId } : { type: 'customer', id: q.customerId! },
  });
}

// ---- the log ----

function toRecord(r: repo.LogRow): AiLogRecord {
  return {
    id: r.id,
    kind: r.kind,
    input: r.input,
    output: r.output,
    model: r.model,
    status: r.status,
    error: r.error,
    operatorId: r.operator_id,
    operatorName: r.operator_name,
    linkedType: r.linked_type,
    linkedId: r.linked_id,
    durationMs: r.duration_ms,
    createdAt: formatDateTime(r.created_at),
  };
}

async function pageOf(db: Kysely<DB>, companyId: string, q: AiLogListParams): Promise<AiLogPage> {
  const [page, operators] = await Promise.all([repo.pageLog(db, companyId, q), repo.operatorsOf(db, companyId)]);
  return { ...toPageResult(page.rows.map(toRecord), page.total, q, page.capped), operators };
}

/** The caller's company's log (ai:aiLog:list). */
export function listLog(db: Kysely<DB>, session: SessionInfo, q: AiLogListParams): Promise<AiLogPage> {
  return pageOf(db, session.companyId, q);
}

/** The rows of an export (the list's filters, newest first, at most 10,000). */
export async function exportRows(db: Kysely<DB>, session: SessionInfo, q: AiLogListParams): Promise<AiLogRecord[]> {
  return (await repo.allLog(db, session.companyId, q, 10_000)).map(toRecord);
}

// A link is a public page: only what was done, by whom, with which model, when and how it ended.
function masked(r: AiLogRecord): AiLogSharedRecord {
  return { id: r.id, kind: r.kind, model: r.model, status: r.status, operatorId: r.operatorId, operatorName: r.operatorName, linkedType: r.linkedType, durationMs: r.durationMs, createdAt: r.createdAt };
}

/** The same list through a live link, masked: the link's company, read-only; anything else is 403 链接无效或已过期. */
export async function sharedLog(db: Kysely<DB>, token: string | undefined, q: AiLogListParams): Promise<AiLogSharedPage> {
  const link = await links.liveLink(db, 'ai_log_link', token, { pattern: AI_LOG_TOKEN_PATTERN, invalid: AiLogText.invalid });
  await links.touchLink(db, 'ai_log_link', link.id);
  const page = await pageOf(db, link.company_id, q);
  return { ...page, records: page.records.map(masked) };
}

// ---- links ----

function toLink(row: repo.LinkRow): AiLogLink {
  const { revokedByName: _shownOnlyForNurseAndScreenLinks, ...link } = links.linkView(row);
  return link;
}

export async function listLinks(db: Kysely<DB>, session: SessionInfo): Promise<AiLogLink[]> {
  return (await repo.linksOf(db, session.companyId)).map(toLink);
}

/** A new link for `days` days; its address (with the token) is answered this once and never again. */
export async function issueLink(db: Kysely<DB>, session: SessionInfo, input: { days: number }): Promise<AiLogLinkIssued> {
  const { id, token } = await links.insertLink(db, 'ai_log_link', { companyId: session.companyId, days: input.days, userId: session.userId });
  return { link: toLink((await repo.findLink(db, session.companyId, id))!), url: aiLogLinkUrl(token) };
}

export async function revokeLink(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<AiLogLink> {
  await links.revokeLink(db, 'ai_log_link', session, input, { alreadyRevoked: AiLogText.alreadyRevoked });
  return toLink((await repo.findLink(db, session.companyId, input.id))!);
}
