import type { Kysely } from 'kysely';
import {
  DictCode,
  formatDateTime,
  NURSE_LINK_TOKEN_PATTERN,
  NurseLinkText,
  nurseLinkUrl,
  type NurseLink,
  type NurseLinkIssued,
  type NurseSelfCertificate,
  type NurseSelfContact,
  type NurseSelfLeave,
  type NurseSelfProfile,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, Forbidden, NotFound } from '../../platform/errors.js';
import * as links from '../../platform/public-link.js';
import type { LocalFileStorage } from '../../platform/storage.js';
import { shanghaiDate } from '../../platform/time.js';
import { codeOptions, dictLabeler } from '../dict/index.js';
import * as nurses from '../monthly-nurse/monthly-nurse.service.js';
import { readImage, storeImage, type IncomingFile } from '../upload/upload.service.js';
import * as repo from './nurse-link.repo.js';

// The nurse's edit links (docs/nurses.md, Links). The token is 32 random bytes shown once; only its
// SHA-256 is kept. Everything the page does acts on the nurse its link names, through the monthly
// nurse module's own-page services.

export const NurseLinkRefusal = {
  badImage: '图片无效，请重新上传',
} as const;

// ---- the administrator's side ----

/** The nurse when she is the caller's to see (company, and the 月嫂 data rules); else 404. */
async function visibleNurse(db: Kysely<DB>, session: SessionInfo, nurseId: string) {
  const nurse = await nurses.nurseForWork(db, session.companyId, nurseId);
  if (!nurse || !(await nurses.nurseVisibleTo(db, session, nurseId))) throw new NotFound();
  return nurse;
}

function toLink(row: repo.LinkRow): NurseLink {
  return { ...links.linkView(row), nurseId: row.nurse_id };
}

export async function listLinks(db: Kysely<DB>, session: SessionInfo, nurseId: string): Promise<NurseLink[]> {
  await visibleNurse(db, session, nurseId);
  return (await repo.linksOfNurse(db, session.companyId, nurseId)).map(toLink);
}

/** A new link for `days` days; its address (with the token) is answered this once and never again. */
export async function issueLink(db: Kysely<DB>, session: SessionInfo, input: { nurseId: string; days: number }): Promise<NurseLinkIssued> {
  const nurse = await visibleNurse(db, session, input.nurseId);
  if (nurse.status === 'left') throw new BizError(NurseLinkText.nurseLeft);
  const { id, token } = await links.insertLink(db, 'nurse_link', { companyId: session.companyId, days: input.days, userId: session.userId, values: { nurse_id: nurse.id } });
  const row = await repo.findLink(db, session.companyId, id);
  return { link: toLink(row!), url: nurseLinkUrl(token) };
}

export async function revokeLink(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<NurseLink> {
  await links.revokeLink<{ nurse_id: string }>(db, 'nurse_link', session, input, {
    alreadyRevoked: NurseLinkText.alreadyRevoked,
    extra: ['nurse_id'],
    visible: async (trx, link) => void (await visibleNurse(trx, session, link.nurse_id)),
  });
  return toLink((await repo.findLink(db, session.companyId, input.id))!);
}

// ---- the nurse's page: every call through her link ----

/** The live link of a token, its nurse not 离职; anything else is 403 链接无效或已过期 and nothing more. */
async function liveLink(db: Kysely<DB>, token: string | undefined, lock: boolean): Promise<repo.LiveLink> {
  const link = await links.liveLink<repo.LiveLink>(db, 'nurse_link', token, { pattern: NURSE_LINK_TOKEN_PATTERN, invalid: NurseLinkText.invalid, extra: repo.LIVE_EXTRA, lock });
  const nurse = await nurses.nurseForWork(db, link.company_id, link.nurse_id);
  if (!nurse || nurse.status === 'left') throw new Forbidden(NurseLinkText.invalid);
  await links.touchLink(db, 'nurse_link', link.id);
  return link;
}

/** A read through the link (its use recorded). */
async function readingAs<T>(db: Kysely<DB>, token: string | undefined, work: (link: repo.LiveLink) => Promise<T>): Promise<T> {
  return work(await liveLink(db, token, false));
}

/** A change through the link, in one transaction that holds the link against a revoke meanwhile. */
async function writingAs<T>(db: Kysely<DB>, token: string | undefined, work: (trx: Kysely<DB>, link: repo.LiveLink) => Promise<T>): Promise<T> {
  // Refused before a transaction is opened when the token is not even well formed.
  if (typeof token !== 'string' || !NURSE_LINK_TOKEN_PATTERN.test(token)) throw new Forbidden(NurseLinkText.invalid);
  return db.transaction().execute(async (trx) => work(trx, await liveLink(trx, token, true)));
}

type OwnProfile = NonNullable<Awaited<ReturnType<typeof nurses.ownProfile>>>;
type OwnCertificate = OwnProfile['certificates'][number];
type OwnLeave = OwnProfile['leaves'][number];

function toCertificate(c: OwnCertificate, kindLabel: (v: string) => string): NurseSelfCertificate {
  return { id: c.id, kind: c.kind, kindLabel: kindLabel(c.kind), name: c.name, certNo: c.certNo, issuedOn: c.issuedOn, expiresOn: c.expiresOn, image: c.image, flag: c.flag, version: c.version };
}

function toLeave(l: OwnLeave, today: string): NurseSelfLeave {
  return { id: l.id, startDate: l.startDate, endDate: l.endDate, reason: l.reason, removable: l.startDate > today };
}

async function ownProfile(db: Kysely<DB>, link: repo.LiveLink): Promise<OwnProfile> {
  const profile = await nurses.ownProfile(db, link.company_id, link.nurse_id);
  // The link names a nurse of its company (foreign key, cascade); gone only if deleted meanwhile.
  if (!profile) throw new Forbidden(NurseLinkText.invalid);
  return profile;
}

export function selfProfile(db: Kysely<DB>, token: string | undefined): Promise<NurseSelfProfile> {
  return readingAs(db, token, async (link) => {
    const [profile, kindLabel, levelLabel, kinds] = await Promise.all([
      ownProfile(db, link),
      dictLabeler(db, DictCode.nurseCertificate),
      dictLabeler(db, DictCode.nurseLevel),
      codeOptions(db, DictCode.nurseCertificate),
    ]);
    const today = shanghaiDate();
    return {
      name: profile.name,
      nurseNo: profile.nurseNo,
      level: profile.level,
      levelLabel: levelLabel(profile.level),
      phone: profile.phone,
      photo: profile.photo,
      version: profile.version,
      certificates: profile.certificates.map((c) => toCertificate(c, kindLabel)),
      leaves: profile.leaves.map((l) => toLeave(l, today)),
      certificateKinds: (kinds ?? []).filter((k) => !k.disabled).map((k) => ({ value: k.value, label: k.label })),
      linkExpiresAt: formatDateTime(link.expires_at),
      today,
    };
  });
}

/**
 * An image value she sends: the one already there, none, or one uploaded through this very link.
 * She never gets to point her record at a file she was not given.
 */
function assertImage(link: repo.LiveLink, value: string, current: string): void {
  if (value === '' || value === current) return;
  if (!link.uploads.includes(value)) throw new BizError(NurseLinkRefusal.badImage);
}

export function selfContact(db: Kysely<DB>, storage: LocalFileStorage, token: string | undefined, input: NurseSelfContact & { photo: string }): Promise<{ version: number }> {
  return writingAs(db, token, async (trx, link) => {
    const profile = await ownProfile(trx, link);
    assertImage(link, input.photo, profile.photo);
    return nurses.updateOwnContact(trx, link.company_id, link.nurse_id, { phone: input.phone, photo: input.photo, version: input.version });
  });
}

export function selfSaveCertificate(
  db: Kysely<DB>,
  storage: LocalFileStorage,
  token: string | undefined,
  input: Parameters<typeof nurses.saveOwnCertificate>[3],
): Promise<NurseSelfCertificate> {
  return writingAs(db, token, async (trx, link) => {
    const profile = await ownProfile(trx, link);
    const current = input.id ? profile.certificates.find((c) => c.id === input.id) : undefined;
    if (input.id && !current) throw new NotFound();
    assertImage(link, input.image, current?.image ?? '');
    const saved = await nurses.saveOwnCertificate(trx, link.company_id, link.nurse_id, input);
    return toCertificate(saved, await dictLabeler(trx, DictCode.nurseCertificate));
  });
}

export function selfRemoveCertificate(db: Kysely<DB>, token: string | undefined, id: string): Promise<null> {
  return writingAs(db, token, async (trx, link) => {
    await nurses.removeOwnCertificate(trx, link.company_id, link.nurse_id, id);
    return null;
  });
}

export function selfAddLeave(db: Kysely<DB>, token: string | undefined, input: Parameters<typeof nurses.addOwnLeave>[3]): Promise<NurseSelfLeave> {
  return writingAs(db, token, async (trx, link) => toLeave(await nurses.addOwnLeave(trx, link.company_id, link.nurse_id, input), shanghaiDate()));
}

export function selfRemoveLeave(db: Kysely<DB>, token: string | undefined, id: string): Promise<null> {
  return writingAs(db, token, async (trx, link) => {
    await nurses.removeOwnLeave(trx, link.company_id, link.nurse_id, id);
    return null;
  });
}

/**
 * Her upload (images only, the upload module's rules, under her company's folder). The link is
 * checked before a byte of the file is read.
 */
export async function selfUpload(db: Kysely<DB>, storage: LocalFileStorage, token: string | undefined, readFile: () => Promise<IncomingFile | undefined>): Promise<string> {
  const link = await liveLink(db, token, false);
  const owner = { companyId: link.company_id };
  const path = await storeImage(storage, owner, `${owner.companyId}/routine`, await readFile());
  await repo.recordUpload(db, link.id, path);
  return path;
}

/** One of her own images (her photo, a certificate's): any other path is simply not found. */
export async function selfImage(db: Kysely<DB>, storage: LocalFileStorage, token: string | undefined, path: string) {
  return readingAs(db, token, async (link) => {
    const profile = await ownProfile(db, link);
    const hers = new Set([profile.photo, ...profile.certificates.map((c) => c.image)].filter((p) => p !== ''));
    if (!hers.has(path)) throw new NotFound();
    return readImage(storage, { companyId: link.company_id }, path);
  });
}
