import type { Kysely } from 'kysely';
import { ContractText, fillContractTerms, type ContractTermValues } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { loadSystemConfig } from '../system/system.service.js';
import { escapeHtml, sanitizeContractHtml } from './contract.html.js';
import * as repo from './contract.repo.js';

// The two parties of a contract. 甲方 is the company's legal name (系统配置 公司法定名称), or the
// company's name when none is set. 乙方's name, phone and ID number are required to sign: a value
// missing when the contract was generated stays a visible {{placeholder}} and is filled at signing.

/** 乙方's fields a contract prints, and how a refusal names each. */
export const REQUIRED_PARTY_FIELDS = { customerName: '姓名', customerPhone: '联系电话', idNo: '证件号码' } as const satisfies Partial<Record<keyof ContractTermValues, string>>;
type PartyField = keyof typeof REQUIRED_PARTY_FIELDS;

/** 甲方: the configured legal name, else the company's name. */
export async function partyAOf(db: Db, companyId: string): Promise<string> {
  const { config } = await loadSystemConfig(db as Kysely<DB>);
  return config.companyLegalName?.trim() || (await repo.companyName(db, companyId));
}

/** 乙方's values now; a blank one is left out (its placeholder then shows the gap). */
export async function partyBValues(db: Db, companyId: string, customerId: string): Promise<Partial<Record<PartyField, string>>> {
  const c = await repo.customerParty(db, companyId, customerId);
  const all: Record<PartyField, string> = { customerName: c?.name ?? '', customerPhone: c?.phone ?? '', idNo: c?.id_no ?? '' };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v.trim() !== '')) as Partial<Record<PartyField, string>>;
}

/**
 * 签署: every required field of 乙方 present (refused with the first one missing), and the gaps the
 * terms kept for them filled with today's values. Answers the terms to store.
 */
export async function termsForSigning(db: Db, companyId: string, contract: { customer_id: string; terms: string }): Promise<string> {
  const values = await partyBValues(db, companyId, contract.customer_id);
  for (const [field, label] of Object.entries(REQUIRED_PARTY_FIELDS) as [PartyField, string][]) {
    if (!values[field]) throw new BizError(ContractText.partyFieldMissing(label));
  }
  return sanitizeContractHtml(fillContractTerms(contract.terms, values, escapeHtml));
}
