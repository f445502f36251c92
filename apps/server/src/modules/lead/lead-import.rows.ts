import { isCalendarDate, LEAD_IMPORT_COLUMNS, leadCreateSchema, LeadImportText, type LeadCreate, type LeadImportColumnKey } from '@care/shared';
import type { z } from 'zod';
import type { RawRow } from './lead-import.excel.js';

/** One problem of a row: the column's label ('' for the row as a whole) and the message. */
export interface RowError {
  field: string;
  message: string;
}

/** A row checked on its own: the values it gives, the names it refers to, and its errors. */
export interface ParsedLeadRow extends RawRow {
  values: Pick<LeadCreate, 'name' | 'phone' | 'wechat' | 'referrer' | 'dueDate' | 'gestationWeeks' | 'parity' | 'budget' | 'remark'>;
  /** Names (or codes, accounts) to resolve against the company's data; '' = not given. */
  refs: Record<'leadChannel' | 'channel' | 'preferredStore' | 'intentionGrade' | 'owner', string>;
  errors: RowError[];
}

const AMBIGUOUS = Symbol('ambiguous');
/** Lower-cased name or code → id; a key shared by two rows is ambiguous. */
export type NameIndex = Map<string, string | typeof AMBIGUOUS>;

/** What the company has, by the names a file may use. */
export interface LeadImportLookups {
  /** Enabled lead channels by name and by code. */
  leadChannels: NameIndex;
  /** Enabled channels by name. */
  channels: NameIndex;
  /** Enabled stores by name and by code. */
  stores: NameIndex;
  /** Enabled users of the company by account. */
  ownerAccounts: NameIndex;
  /** …and by real name (used when no account matches). */
  ownerNames: NameIndex;
  /** intention_grade items (enabled) by value and label → value. */
  grades: NameIndex;
}

export function nameIndex(entries: [key: string, id: string][]): NameIndex {
  const index: NameIndex = new Map();
  for (const [key, id] of entries) {
    const k = key.trim().toLowerCase();
    if (!k) continue;
    const seen = index.get(k);
    index.set(k, seen === undefined || seen === id ? id : AMBIGUOUS);
  }
  return index;
}

const label = (key: LeadImportColumnKey) => LEAD_IMPORT_COLUMNS.find((c) => c.key === key)!.label;
const at = (key: LeadImportColumnKey) => LEAD_IMPORT_COLUMNS.findIndex((c) => c.key === key);
const shape = leadCreateSchema.shape;

/** `2026-9-1`, `2026/09/01`, `2026.9.1`, `2026年9月1日` (a time after it is ignored) → `2026-09-01`; null if not a real date. */
export function normaliseDate(text: string): string | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** Checks one row by itself (formats and lengths, with the add form's rules and messages). */
export function parseLeadRow(raw: RawRow): ParsedLeadRow {
  const cell = (key: LeadImportColumnKey) => raw.cells[at(key)] ?? '';
  const errors: RowError[] = [];
  const take = <S extends z.ZodType>(key: LeadImportColumnKey, schema: S, input: unknown): z.output<S> | undefined => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    errors.push({ field: label(key), message: result.error.issues[0]?.message ?? `${label(key)}不正确` });
    return undefined;
  };
  const required = (key: LeadImportColumnKey): boolean => {
    if (cell(key) !== '') return true;
    errors.push({ field: label(key), message: LeadImportText.required(label(key)) });
    return false;
  };
  const integer = (key: 'gestationWeeks' | 'parity', min: number, max: number) => {
    const text = cell(key);
    if (!text) return null;
    const n = /^\d+(\.0+)?$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      errors.push({ field: label(key), message: LeadImportText.badInteger(label(key), min, max) });
      return null;
    }
    return n;
  };

  const name = required('name') ? take('name', shape.name, cell('name')) : undefined;
  // People type phones with spaces or dashes (138 0013 8000); the number is the digits.
  const phone = required('phone') ? take('phone', shape.phone, cell('phone').replace(/[\s-]/g, '')) : undefined;
  const wechat = take('wechat', shape.wechat, cell('wechat'));
  const referrer = take('referrer', shape.referrer, cell('referrer'));
  let dueDate: string | null = null;
  if (cell('dueDate')) {
    dueDate = normaliseDate(cell('dueDate'));
    if (!dueDate) errors.push({ field: label('dueDate'), message: LeadImportText.badDate });
  }
  const gestationWeeks = integer('gestationWeeks', 0, 45);
  const parity = integer('parity', 1, 10);
  const budgetText = cell('budget').replace(/[,，¥￥\s]/g, '').replace(/元$/, '');
  const budget = budgetText ? (take('budget', shape.budget, budgetText) ?? null) : null;
  const remark = cell('remark') === LeadImportText.exampleRemark ? '' : take('remark', shape.remark, cell('remark'));

  return {
    ...raw,
    values: {
      name: name ?? '',
      phone: phone ?? '',
      wechat: wechat ?? '',
      referrer: referrer ?? '',
      dueDate,
      gestationWeeks,
      parity,
      budget,
      remark: remark ?? '',
    },
    refs: {
      leadChannel: cell('leadChannel'),
      channel: cell('channel'),
      preferredStore: cell('preferredStore'),
      intentionGrade: cell('intentionGrade'),
      owner: cell('owner'),
    },
    errors,
  };
}

/** A phone given by an earlier row of the file makes every later row with it a bad row. */
export function markDuplicatePhones(rows: ParsedLeadRow[]): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    const phone = row.values.phone;
    if (!phone) continue;
    const earlier = first.get(phone);
    if (earlier === undefined) first.set(phone, row.row);
    else row.errors.push({ field: label('phone'), message: LeadImportText.duplicateInFile(earlier) });
  }
}

export type ResolvedLeadRow = { ok: true; input: LeadCreate; ownerId: string } | { ok: false; errors: RowError[] };

/**
 * Turns a row's names into ids of the company's enabled data; the owner defaults to the importer.
 * The row's own errors and every unresolved name are reported together.
 */
export function resolveLeadRow(row: ParsedLeadRow, lookups: LeadImportLookups, importerId: string): ResolvedLeadRow {
  const errors = [...row.errors];
  const find = (key: keyof ParsedLeadRow['refs'], index: NameIndex, unknown: (v: string) => string, what: string): string | null => {
    const text = row.refs[key];
    if (!text) return null;
    const hit = index.get(text.toLowerCase());
    if (hit === AMBIGUOUS) errors.push({ field: label(key), message: LeadImportText.ambiguous(what, text) });
    else if (hit === undefined) errors.push({ field: label(key), message: unknown(text) });
    return typeof hit === 'string' ? hit : null;
  };
  const leadChannelId = find('leadChannel', lookups.leadChannels, LeadImportText.unknownLeadChannel, label('leadChannel'));
  const channelId = find('channel', lookups.channels, LeadImportText.unknownChannel, label('channel'));
  const preferredStoreId = find('preferredStore', lookups.stores, LeadImportText.unknownStore, label('preferredStore'));
  const intentionGrade = find('intentionGrade', lookups.grades, LeadImportText.unknownGrade, label('intentionGrade'));
  let ownerId: string | null = importerId;
  if (row.refs.owner) {
    const byAccount = lookups.ownerAccounts.get(row.refs.owner.toLowerCase());
    ownerId = typeof byAccount === 'string' ? byAccount : find('owner', lookups.ownerNames, LeadImportText.unknownOwner, label('owner'));
  }
  if (errors.length || !ownerId) return { ok: false, errors };
  return {
    ok: true,
    ownerId,
    input: { ...row.values, leadChannelId, channelId, preferredStoreId, intentionGrade, nextFollowAt: null },
  };
}
