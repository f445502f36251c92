import { z } from 'zod';

export const SystemConfigText = {
  saved: '保存成功！',
  systemNameRequired: '请输入系统名称!',
  loginSystemNameRequired: '请输入登录页系统名称!',
  modeType: '请选择运行模式!',
  badImage: '图片地址不正确',
  missingImage: '图片不存在，请重新上传',
  badLinkUrl: '请输入正确的链接地址!',
  linkUrlRequired: '请输入链接地址!',
  linkNameRequired: '请输入链接名称!',
  companyLegalName: '公司法定名称',
  companyLegalNameHelp: '合同甲方按此名称打印；未填写时使用组织架构中的公司名称',
} as const;

export const MODE_TYPES = ['hospital', 'home'] as const;
export const modeTypeSchema = z.enum(MODE_TYPES, { message: SystemConfigText.modeType });
export type ModeType = z.infer<typeof modeTypeSchema>;
/** DOMAIN.md: 会所模式 (mothers stay in the centre) and 到家模式 (services at the client's home). */
export const MODE_TYPE_LABELS: Record<ModeType, string> = { hospital: '会所模式', home: '到家模式' };

/** The configuration fields that hold an image (an uploaded file or an address). */
export const SYSTEM_CONFIG_IMAGE_FIELDS = ['logoImageUrl', 'loginImageUrl', 'loginBackImageUrl'] as const;
export type SystemConfigImageField = (typeof SYSTEM_CONFIG_IMAGE_FIELDS)[number];

/** Footer link slots of the login page (spec §2: up to five). */
export const RELATED_LINK_SLOTS = [1, 2, 3, 4, 5] as const;

/**
 * Where a login-page image of a stored upload is read without a session: the configuration answers
 * this address (with the version, so a changed image is a new address) instead of the stored path.
 */
export const SYSTEM_CONFIG_IMAGE_PATH = '/online/systemConfig/image/';

/** System configuration shown on the login page and in the shell (spec §3). */
export const systemConfigSchema = z.object({
  systemName: z.string(),
  loginSystemName: z.string(),
  logoImageUrl: z.string(),
  loginImageUrl: z.string(),
  loginBackImageUrl: z.string(),
  copyrightDesc: z.string(),
  description: z.string(),
  modeType: modeTypeSchema,
  relatedLinkName1: z.string(), relatedLinkUrl1: z.string(),
  relatedLinkName2: z.string(), relatedLinkUrl2: z.string(),
  relatedLinkName3: z.string(), relatedLinkUrl3: z.string(),
  relatedLinkName4: z.string(), relatedLinkUrl4: z.string(),
  relatedLinkName5: z.string(), relatedLinkUrl5: z.string(),
  /** 四眼原则 off: one person may record and audit the same money record (a one-person store). Off by default. */
  selfAuditAllowed: z.boolean(),
  /**
   * 公司法定名称: 甲方 of every generated contract; empty → the company's name (company table).
   * Optional: a configuration saved before the field existed has none.
   */
  companyLegalName: z.string().optional(),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** The stored configuration for the 系统配置 form: image fields hold stored upload paths, plus the version. */
export const systemConfigDetailSchema = systemConfigSchema.extend({ version: z.number().int() });
export type SystemConfigDetail = z.infer<typeof systemConfigDetailSchema>;

/** A web address (http/https) or a path of this site; never `javascript:`, `//host` or another scheme. */
export function isSafeAddress(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The shape of a path the upload answers (`{companyId}/routine/{yyyyMMdd}/{uuid}.{ext}`). */
export const STORED_UPLOAD_PATH = /^([0-9a-f-]{36})\/routine\/(\d{8})\/([0-9a-f-]{36})\.(png|jpg|gif|webp)$/;
/** The same for an upload that may be a document (UPLOAD_FILE_BIZ): images and office, PDF and text files. */
export const STORED_FILE_PATH = /^([0-9a-f-]{36})\/routine\/(\d{8})\/([0-9a-f-]{36})\.(png|jpg|gif|webp|pdf|doc|docx|xls|xlsx|ppt|pptx|txt|csv)$/;

const text = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).default('');

const image = (label: string) =>
  text(500, label).refine((v) => v === '' || STORED_UPLOAD_PATH.test(v) || isSafeAddress(v), { message: SystemConfigText.badImage });

const linkUrl = text(500, '链接地址').refine((v) => v === '' || isSafeAddress(v), { message: SystemConfigText.badLinkUrl });
const linkName = text(20, '链接名称');

/** A footer link needs both its name and its address, or neither. */
export function relatedLinkIssue(name: string | undefined, url: string | undefined): { field: 'name' | 'url'; message: string } | null {
  const hasName = (name ?? '').trim() !== '';
  const hasUrl = (url ?? '').trim() !== '';
  if (hasName && !hasUrl) return { field: 'url', message: SystemConfigText.linkUrlRequired };
  if (hasUrl && !hasName) return { field: 'name', message: SystemConfigText.linkNameRequired };
  return null;
}

export const systemConfigEditSchema = z
  .object({
    version: z.number().int().min(1),
    systemName: z.string().trim().min(1, SystemConfigText.systemNameRequired).max(30, '系统名称不能超过30个字符'),
    loginSystemName: z.string().trim().min(1, SystemConfigText.loginSystemNameRequired).max(50, '登录页系统名称不能超过50个字符'),
    logoImageUrl: image('Logo 地址'),
    loginImageUrl: image('登录页图片地址'),
    loginBackImageUrl: image('登录页背景图地址'),
    copyrightDesc: text(200, '版权信息'),
    description: text(200, '系统描述'),
    modeType: modeTypeSchema,
    relatedLinkName1: linkName, relatedLinkUrl1: linkUrl,
    relatedLinkName2: linkName, relatedLinkUrl2: linkUrl,
    relatedLinkName3: linkName, relatedLinkUrl3: linkUrl,
    relatedLinkName4: linkName, relatedLinkUrl4: linkUrl,
    relatedLinkName5: linkName, relatedLinkUrl5: linkUrl,
    selfAuditAllowed: z.boolean().default(false),
    companyLegalName: text(100, SystemConfigText.companyLegalName),
  })
  .superRefine((value, ctx) => {
    for (const slot of RELATED_LINK_SLOTS) {
      const issue = relatedLinkIssue(value[`relatedLinkName${slot}`], value[`relatedLinkUrl${slot}`]);
      if (issue) ctx.addIssue({ code: 'custom', path: [issue.field === 'name' ? `relatedLinkName${slot}` : `relatedLinkUrl${slot}`], message: issue.message });
    }
  });
export type SystemConfigEdit = z.infer<typeof systemConfigEditSchema>;
