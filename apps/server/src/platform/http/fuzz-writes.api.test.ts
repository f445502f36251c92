import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { z } from 'zod';
import * as shared from '@care/shared';
import { dictValues, type Contract } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';
import { modules } from '../../modules/index.js';
import { createReceivables } from '../../modules/receivable/receivable.service.js';
import { insertOrder, storeIdOf } from '../../modules/receivable/receivable.test-data.js';
import { nurseOf, storeWorld } from '../../modules/nurse-assignment/nurse-assignment.test-data.js';

// Issue 26's acceptance: every write route of the transactions, the nurses and the CRM, given a table of
// malformed values (NUL, lone surrogates, 1 MB text, impossible and far dates, negative and NaN money,
// unknown codes, objects where text belongs), answers the envelope's refusal (4xx, never 500) and
// writes nothing. Each value goes to a representative field of its kind per route, into a body that is
// otherwise filled with plausible values (ids of real rows where the key names one).

const AREAS = [
  'order', 'contract', 'changeOrder', 'receivable', 'payment', 'debtAuthorization', 'roomHold', 'roomStay', 'serviceOrder', 'financePrice', 'product',
  'monthlyNurse', 'nurseAssignment', 'nurseSchedule', 'nurseEvaluation', 'nurseSettlement', 'nursePayStandard',
  'lead', 'leadChannel', 'customer', 'baby', 'reservation', 'followUp', 'channel',
];
const AREA_MODULES = [
  'order', 'contract', 'change-order', 'receivable', 'room-hold', 'room-stay', 'service-order', 'finance-price', 'product',
  'monthly-nurse', 'nurse-assignment', 'nurse-schedule', 'nurse-evaluation', 'nurse-pay', 'lead', 'lead-channel', 'customer', 'baby', 'reservation', 'follow-up', 'channel',
];
// Reads: lists, lookups, exports, pickers and previews write nothing and are not fuzzed here.
const READ = /^(list|\w+List|evaluated|nurse|roomTypes|ofOrder|pendingOrders|allowance|formContext|queryById|exportXls|export\w*|\w*[oO]ptions|detail|quote|calendar|match|aging|summary|history|stats|search|preview|check\w*|get\w*|days|duplicates|logs?|timeline|tree|board|facts|report\w*|orders|candidates|lookup\w*)$/;

type Kind = 'text' | 'id' | 'date' | 'dateTime' | 'money' | 'dict' | 'number' | 'bool' | 'enum' | 'array' | 'object' | 'other';

interface Def { type: string; [k: string]: unknown }
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and pipe wrappers, and whether one of them is a dictionary value. */
function unwrap(s: z.ZodType): { base: z.ZodType; dict: boolean } {
  let dict = false;
  for (;;) {
    if (dictValues.has(s)) dict = true;
    const def = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') s = def.in as z.ZodType;
    else return { base: s, dict };
  }
}

function kindOf(key: string, s: z.ZodType): Kind {
  const { base, dict } = unwrap(s);
  if (dict) return 'dict';
  const def = defOf(base);
  if (def.type === 'string') {
    if (def.format === 'uuid' || def.format === 'guid') return 'id';
    if (/(At|Time)$/.test(key)) return 'dateTime';
    if (/(date|Date|CheckIn|checkIn|CheckOut|Start|End|On|From|To|Day|day)$/.test(key) || /^(from|to|date|month)$/.test(key)) return 'date';
    return 'text';
  }
  if (def.type === 'union') {
    const options = (def.options as z.ZodType[]).map((o) => defOf(unwrap(o).base));
    if (options.some((o) => o.type === 'number') && options.some((o) => o.type === 'string')) return 'money';
    if (options.some((o) => o.type === 'string' && (o.format === 'uuid' || o.format === 'guid'))) return 'id';
    return 'other';
  }
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'bool';
  if (def.type === 'enum' || def.type === 'literal') return 'enum';
  if (def.type === 'array') return 'array';
  if (def.type === 'object') return 'object';
  return 'other';
}

/** The object shape of a body schema (the first branch of a union). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const { base } = unwrap(schema);
  const def = defOf(base);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'union') return shapeOf((def.options as z.ZodType[])[0]!);
  if (def.type === 'intersection') return { ...shapeOf(def.left as z.ZodType), ...shapeOf(def.right as z.ZodType) };
  return undefined;
}

const MB = 'x'.repeat(1024 * 1024);
/** Malformed values by the kind of field that receives them; `any` goes to the first field of any kind. */
const MALFORMED: Record<'text' | 'id' | 'date' | 'dateTime' | 'money' | 'dict' | 'any', [string, unknown][]> = {
  text: [['NUL', 'a\u0000b'], ['lone high surrogate', 'a\ud800b'], ['lone low surrogate', '\udc00'], ['1 MB', MB], ['nested object', { a: { b: 'c' } }]],
  id: [['NUL in an id', '00000000-0000-0000-0000-00000000000\u0000'], ['nested object', { id: 1 }]],
  date: [['impossible day', '2026-02-30'], ['year 9999', '9999-12-31'], ['year 1900', '1900-01-01'], ['object', { y: 2026 }]],
  dateTime: [['hour 25', '2026-11-28 25:00'], ['minute 61', '2026-11-28 10:61'], ['year 9999', '9999-12-31 10:00'], ['NUL', '2026-11-28 10:00\u0000']],
  money: [['negative', '-100'], ['NaN', 'NaN'], ['negative number', -5], ['Infinity text', 'Infinity'], ['1e400', '1e400']],
  dict: [['unknown code', 'bitcoin'], ['upper case', 'CASH'], ['script', '<script>alert(1)</script>']],
  any: [['NUL in an unknown key', { 'k\u0000': 1 }], ['array where an object belongs', [1, 2]]],
};

interface World { orderId: string; customerId: string; storeId: string; roomTypeId: string; nurseId: string; receivableId: string; dicts: Map<string, string> }

function plausible(key: string, s: z.ZodType, w: World): unknown {
  const kind = kindOf(key, s);
  const { base } = unwrap(s);
  const def = defOf(base);
  switch (kind) {
    case 'id': {
      const ids: Record<string, string> = { orderId: w.orderId, customerId: w.customerId, storeId: w.storeId, roomTypeId: w.roomTypeId, nurseId: w.nurseId, receivableId: w.receivableId };
      return ids[key] ?? '00000000-0000-4000-8000-000000000001';
    }
    case 'date': return key === 'month' ? '2031-01' : '2031-01-10';
    case 'dateTime': return '2031-01-10 10:00';
    case 'money': return '100';
    case 'dict': return w.dicts.get(dictValues.get(unwrapDictSchema(s))?.dict ?? '') ?? 'x';
    case 'number': return 1;
    case 'bool': return false;
    case 'enum': return def.type === 'literal' ? (def.values as unknown[])[0] : Object.values(def.entries as Record<string, unknown>)[0];
    case 'array': return [];
    case 'object': return {};
    case 'text': return '正常';
    default: return undefined;
  }
}

function unwrapDictSchema(s: z.ZodType): z.ZodType {
  for (;;) {
    if (dictValues.has(s)) return s;
    const def = defOf(s);
    const inner = (def.innerType ?? def.in) as z.ZodType | undefined;
    if (!inner) return s;
    s = inner;
  }
}

function writeContracts(): Contract[] {
  const found = new Map<string, Contract>();
  for (const value of Object.values(shared)) {
    if (!value || typeof value !== 'object') continue;
    for (const c of Object.values(value as Record<string, unknown>)) {
      if (!c || typeof c !== 'object' || !('path' in c) || !('method' in c) || !('body' in c)) continue;
      const contract = c as Contract;
      const [, online, area, action] = contract.path.split('/');
      if (online !== 'online' || contract.path.includes(':') || !area || !action || !AREAS.includes(area) || READ.test(action) || contract.method === 'GET' || !contract.body) continue;
      found.set(`${contract.method} ${contract.path}`, contract);
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

describe('fuzzed writes (issue 26 acceptance)', () => {
  const app = useAdminApp();
  const contracts = writeContracts();
  const tables = modules.filter((m) => AREA_MODULES.includes(m.name)).flatMap((m) => m.tables ?? []);

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of tables) out[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(app.db)).rows[0]!.n);
    return out;
  };

  it('covers every write route of the areas', () => {
    const areas = new Set(contracts.map((c) => c.path.split('/')[2]));
    for (const area of ['order', 'contract', 'changeOrder', 'receivable', 'payment', 'roomHold', 'serviceOrder', 'monthlyNurse', 'nurseAssignment', 'nurseSchedule', 'nurseEvaluation', 'nurseSettlement', 'lead', 'customer', 'reservation', 'followUp']) {
      expect(areas, area).toContain(area);
    }
    expect(contracts.length).toBeGreaterThan(60);
  });

  it('answers every malformed value with a 4xx envelope and writes nothing', async () => {
    const storeId = await storeIdOf(app.db, app.companyId, 'NS');
    const order = await insertOrder(app.db, app.companyId, storeId);
    const [receivableId] = await app.db.transaction().execute((trx) => createReceivables(trx, { companyId: app.companyId, userId: app.adminId }, order, [{ item: 'final_payment', dueDate: '2031-01-10', amount: '30000' }]));
    const s = await storeWorld({ db: app.db, companyId: app.companyId });
    const nurse = await nurseOf({ db: app.db, companyId: app.companyId }, s);
    const dictRows = await app.db.selectFrom('dict_item').innerJoin('dict_type', 'dict_type.id', 'dict_item.dict_type_id').select(['dict_type.code', 'dict_item.value']).execute();
    const dicts = new Map<string, string>();
    for (const r of dictRows) if (!dicts.has(r.code)) dicts.set(r.code, r.value);
    const w: World = { orderId: order.id, customerId: order.customerId, storeId, roomTypeId: s.roomTypeId, nurseId: nurse.id, receivableId: receivableId!, dicts };

    const before = await counts();
    const failures: string[] = [];
    const sent = { requests: 0 };
    const send = async (contract: Contract, label: string, body: Record<string, unknown>) => {
      sent.requests++;
      const res = await app.t.app.inject({ method: contract.method, url: contract.path, payload: app.t.signed(body, { token: app.admin }), headers: { 'x-access-token': app.admin } });
      let envelope: { code?: string } = {};
      try {
        envelope = res.json();
      } catch {
        failures.push(`${contract.path} ${label}: ${res.statusCode}, not JSON`);
        return;
      }
      if (res.statusCode < 400 || res.statusCode >= 500 || !envelope.code || ['0', '500'].includes(envelope.code)) {
        failures.push(`${contract.path} ${label}: ${res.statusCode} ${JSON.stringify(envelope).slice(0, 200)}`);
      }
    };

    await Promise.all(
      contracts.map(async (contract) => {
        const shape = shapeOf(contract.body as z.ZodType) ?? {};
        const keys = Object.keys(shape).filter((k) => !['sign', 'nonce', 'appId', 'siteId', 'sessionKey'].includes(k));
        const base: Record<string, unknown> = {};
        for (const key of keys) {
          const value = plausible(key, shape[key]!, w);
          if (value !== undefined) base[key] = value;
        }
        const of = (kind: Kind) => keys.find((k) => kindOf(k, shape[k]!) === kind);
        // Where a route has no text field, its NUL and 1 MB values go into an extra `remark`.
        const fields: Record<keyof typeof MALFORMED, string | undefined> = {
          text: of('text') ?? 'remark', id: of('id'), date: of('date'), dateTime: of('dateTime'), money: of('money'), dict: of('dict'), any: undefined,
        };
        for (const [kind, values] of Object.entries(MALFORMED) as [keyof typeof MALFORMED, [string, unknown][]][]) {
          for (const [label, value] of values) {
            if (kind === 'any') {
              await send(contract, label, label.startsWith('NUL') ? { ...base, ...(value as object) } : { ...base, [keys[0] ?? 'x']: value });
              continue;
            }
            const key = fields[kind];
            if (key) await send(contract, `${key}=${label}`, { ...base, [key]: value });
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
    expect(sent.requests).toBeGreaterThan(contracts.length * 8);
  }, 120_000);
});
