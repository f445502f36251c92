import { z } from 'zod';
import { nurseImageSchema, nurseLeaveValuesSchema, nurseOwnCertificateSchema } from '../monthly-nurse/monthly-nurse.schema.js';
import { isPhone, PHONE_MESSAGE } from '../validation/index.js';

/** The nurse's own page in the web app (spec route, outside sign-in). */
export const NURSE_LINK_PAGE_PATH = '/uniapp/EditXfMonthlyNurseUniapp';
/** The address an administrator hands out: the app's base path, the page, then `?token=…`. */
export const NURSE_LINK_URL_PATH = `/app${NURSE_LINK_PAGE_PATH}`;
/** The header the page's API calls carry the link's token in (never a URL of an API call). */
export const NURSE_LINK_TOKEN_HEADER = 'X-Link-Token';
/** A token: 32 random bytes, base64url without padding. */
export const NURSE_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const NURSE_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
/** Stored images of her own the page shows: `/online/nurseLink/self/image/<stored path>`. */
export const NURSE_LINK_IMAGE_PREFIX = '/online/nurseLink/self/image/';
export const NURSE_LINK_UPLOAD_PATH = '/online/nurseLink/self/upload';

export const NurseLinkText = {
  invalid: '链接无效或已过期',
  daysRange: `有效天数须为${NURSE_LINK_DAYS.min}到${NURSE_LINK_DAYS.max}天`,
  added: '编辑链接已生成',
  revoked: '编辑链接已撤销',
  alreadyRevoked: '该链接已撤销',
  nurseLeft: '该月嫂已离职，不能生成编辑链接',
  saved: '保存成功',
  removed: '删除成功',
  leaveAdded: '请假已提交',
  pickNurse: '请选择月嫂',
  phoneRequired: '请输入手机号!',
} as const;

/** A link as the 编辑链接 dialog lists it; the token itself is never stored, so never answered. */
export const nurseLinkSchema = z.object({
  id: z.string(),
  nurseId: z.string(),
  /** active 有效 · expired 已过期 · revoked 已撤销. */
  state: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  createdByName: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string(),
  version: z.number().int(),
});
export type NurseLink = z.infer<typeof nurseLinkSchema>;

export const NURSE_LINK_STATE_LABELS: Record<NurseLink['state'], string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

export const nurseLinkListQuerySchema = z.object({ nurseId: z.uuid({ message: NurseLinkText.pickNurse }) });

export const nurseLinkAddSchema = z.object({
  nurseId: z.uuid({ message: NurseLinkText.pickNurse }),
  days: z
    .number({ message: NurseLinkText.daysRange })
    .int({ message: NurseLinkText.daysRange })
    .min(NURSE_LINK_DAYS.min, { message: NurseLinkText.daysRange })
    .max(NURSE_LINK_DAYS.max, { message: NurseLinkText.daysRange })
    .default(NURSE_LINK_DAYS.default),
});
export type NurseLinkAdd = z.input<typeof nurseLinkAddSchema>;

/** The new link and, this once, its full address (`/app/uniapp/EditXfMonthlyNurseUniapp?token=…`). */
export const nurseLinkIssuedSchema = z.object({ link: nurseLinkSchema, url: z.string() });
export type NurseLinkIssued = z.infer<typeof nurseLinkIssuedSchema>;

export const nurseLinkRevokeSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int() });

/** The address the nurse opens: relative to the site (the dialog prefixes the browser's origin). */
export function nurseLinkUrl(token: string): string {
  return `${NURSE_LINK_URL_PATH}?${new URLSearchParams({ token })}`;
}

// ---- the nurse's own page ----

export const nurseSelfCertificateSchema = z.object({
  id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  name: z.string(),
  certNo: z.string(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  image: z.string(),
  /** 已过期 / 即将过期 (monthly-nurse's expiryFlag), null otherwise. */
  flag: z.enum(['expired', 'expiring']).nullable(),
  version: z.number().int(),
});
export type NurseSelfCertificate = z.infer<typeof nurseSelfCertificateSchema>;

export const nurseSelfLeaveSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  /** A leave not yet begun may be withdrawn. */
  removable: z.boolean(),
});
export type NurseSelfLeave = z.infer<typeof nurseSelfLeaveSchema>;

/** What her page shows: her own profile only, and until when the link lasts. */
export const nurseSelfProfileSchema = z.object({
  name: z.string(),
  nurseNo: z.string(),
  level: z.string(),
  levelLabel: z.string(),
  phone: z.string(),
  photo: z.string(),
  version: z.number().int(),
  certificates: z.array(nurseSelfCertificateSchema),
  /** Leaves from today on. */
  leaves: z.array(nurseSelfLeaveSchema),
  /** The certificate kinds she may pick (dictionary nurse_certificate). */
  certificateKinds: z.array(z.object({ value: z.string(), label: z.string() })),
  linkExpiresAt: z.string(),
  today: z.string(),
});
export type NurseSelfProfile = z.infer<typeof nurseSelfProfileSchema>;

export const nurseSelfContactSchema = z.object({
  phone: z.string({ message: NurseLinkText.phoneRequired }).min(1, NurseLinkText.phoneRequired).refine(isPhone, PHONE_MESSAGE),
  photo: nurseImageSchema,
  version: z.number().int(),
});
export type NurseSelfContact = z.input<typeof nurseSelfContactSchema>;

/** Add (no id) or edit (id and version) one of her certificates: the 月嫂 page's own rules. */
export const nurseSelfCertificateSaveSchema = nurseOwnCertificateSchema;
export type NurseSelfCertificateSave = z.input<typeof nurseOwnCertificateSchema>;

export const nurseSelfLeaveAddSchema = nurseLeaveValuesSchema;
export type NurseSelfLeaveAdd = z.input<typeof nurseLeaveValuesSchema>;

/** A row of hers by id (a certificate, a leave). */
export const nurseSelfRowSchema = z.object({ id: z.uuid({ message: '缺少ID' }) });
