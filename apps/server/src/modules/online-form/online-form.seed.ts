import type { Kysely } from 'kysely';
import type { ONLINE_EXAMPLES} from '@care/shared';
import { onlineFormCreateSchema, type OnlineFieldInput, type OnlineFormCreateInput } from '@care/shared';
import { platformCompanyId } from '../../platform/auth/authority.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { addItem, codeOptions, dictTypeService } from '../dict/dict.service.js';
import * as repo from './online-form.repo.js';
import { createForm, recordMenu, syncForm } from './online-form.service.js';

// The five examples of 在线开发 (docs/online.md): real forms of the domain, synced, shown by the menu's
// example entries (their buttons are seeded with the product menu: ONLINE_EXAMPLES in the manifest). Seeded at every start (not only with demo data:
// the example menus always exist); a form that exists is left as the administrator made it.

/** Dictionaries of the examples that the product's own lists lack. */
const EXAMPLE_DICTS: { code: string; name: string; items: [value: string, label: string][] }[] = [
  { code: 'consumable_unit', name: '耗材单位', items: [['piece', '件'], ['box', '盒'], ['pack', '包'], ['bottle', '瓶'], ['roll', '卷']] },
  { code: 'purchase_status', name: '采购单状态', items: [['draft', '草稿'], ['ordered', '已下单'], ['received', '已到货'], ['cancelled', '已取消']] },
  {
    code: 'baby_care_item',
    name: '宝宝护理项目',
    items: [['feeding', '喂奶'], ['diaper', '换尿布'], ['bath', '洗澡'], ['temperature', '测体温'], ['jaundice', '黄疸监测'], ['umbilical', '脐部护理'], ['sleep', '睡眠']],
  },
];

const f = (name: string, label: string, type: OnlineFieldInput['type'], extra: Partial<OnlineFieldInput> = {}): OnlineFieldInput => ({ name, label, type, ...extra });

/** The examples and the menu entries whose pages show them. */
export const EXAMPLE_FORMS: { menuPath: (typeof ONLINE_EXAMPLES)[number]['menuPath']; form: OnlineFormCreateInput }[] = [
  {
    menuPath: '/online/demo/single',
    form: {
      tableName: 'nursing_consumable',
      title: '护理耗材',
      formType: 'single',
      fields: [
        f('name', '耗材名称', 'text', { length: 50, required: true, search: true, sort: true }),
        f('spec', '规格', 'text', { length: 50 }),
        f('unit', '单位', 'select', { dictCode: 'consumable_unit', search: true }),
        f('stock', '库存数量', 'number', { length: 10, defaultValue: '0', sort: true }),
        f('unit_price', '单价', 'money', { sort: true }),
        f('expiry_date', '有效期至', 'date', { sort: true }),
        f('enabled', '启用', 'switch', { defaultValue: 'true' }),
        f('remark', '备注', 'textarea', { length: 500, list: false }),
      ],
      indexes: [{ name: 'name_idx', fields: ['name'] }],
    },
  },
  {
    menuPath: '/online/demo/oneToMany',
    form: {
      tableName: 'purchase_order',
      title: '采购单',
      formType: 'master',
      fields: [
        f('order_no', '采购单号', 'text', { length: 32, required: true, search: true, sort: true }),
        f('supplier', '供应商', 'text', { length: 100, search: true }),
        f('order_date', '采购日期', 'date', { required: true, sort: true }),
        f('amount', '金额', 'money', { sort: true }),
        f('status', '状态', 'select', { dictCode: 'purchase_status', defaultValue: 'draft', search: true }),
      ],
      indexes: [{ name: 'order_no_uq', fields: ['order_no'], unique: true }],
      subTables: [
        {
          tableName: 'purchase_order_item',
          title: '采购明细',
          fkField: 'purchase_order_id',
          fields: [
            f('consumable_name', '耗材名称', 'text', { length: 50, required: true }),
            f('quantity', '数量', 'number', { length: 10, required: true }),
            f('price', '单价', 'money'),
            f('remark', '备注', 'text', { length: 200 }),
          ],
        },
      ],
    },
  },
  {
    menuPath: '/online/demo/tree',
    form: {
      tableName: 'service_category',
      title: '服务项目分类',
      formType: 'tree',
      treeLabelField: 'name',
      fields: [
        f('name', '分类名称', 'text', { length: 50, required: true, search: true }),
        f('code', '分类编码', 'text', { length: 32, search: true }),
        f('sort_no', '排序', 'number', { length: 6, defaultValue: '0', sort: true }),
        f('remark', '备注', 'textarea', { length: 200, list: false }),
      ],
    },
  },
  {
    menuPath: '/online/demo/erp',
    form: {
      tableName: 'package_plan',
      title: '套餐',
      formType: 'erp',
      fields: [
        f('name', '套餐名称', 'text', { length: 50, required: true, search: true, sort: true }),
        f('price', '价格', 'money', { sort: true }),
        f('days', '天数', 'number', { length: 4, sort: true }),
        f('enabled', '启用', 'switch', { defaultValue: 'true' }),
      ],
      subTables: [
        {
          tableName: 'package_plan_item',
          title: '服务项',
          fkField: 'package_plan_id',
          fields: [
            f('item_name', '服务项目', 'dict', { dictCode: 'service_item', required: true }),
            f('times', '次数', 'number', { length: 4, defaultValue: '1' }),
            f('remark', '备注', 'text', { length: 200 }),
          ],
        },
      ],
    },
  },
  {
    menuPath: '/online/demo/innerTable',
    form: {
      tableName: 'baby_care_record',
      title: '宝宝护理记录',
      formType: 'inner',
      fields: [
        f('baby_name', '宝宝姓名', 'text', { length: 50, required: true, search: true }),
        f('record_date', '记录日期', 'date', { required: true, sort: true, search: true }),
        f('nurse', '护理人员', 'user'),
        f('remark', '备注', 'textarea', { length: 500, list: false }),
      ],
      subTables: [
        {
          tableName: 'baby_care_record_item',
          title: '护理明细',
          fkField: 'baby_care_record_id',
          fields: [
            f('care_time', '时间', 'datetime', { required: true }),
            f('item', '护理项目', 'select', { dictCode: 'baby_care_item', required: true }),
            f('value', '记录值', 'text', { length: 100 }),
            f('remark', '备注', 'text', { length: 200 }),
          ],
        },
      ],
    },
  },
];

/** A business refusal: another instance seeded it meanwhile (or the database refused a sync); not a failed start. */
function taken(err: unknown): undefined {
  if (err instanceof BizError) return undefined;
  throw err;
}

/** Adds the examples' dictionaries that do not exist yet (through the dictionary module's service). */
async function seedExampleDicts(db: Kysely<DB>, session: SessionInfo): Promise<number> {
  let added = 0;
  const types = dictTypeService(db);
  for (const dict of EXAMPLE_DICTS) {
    if ((await codeOptions(db, dict.code)) !== undefined) continue;
    const type = await types.add(session, { code: dict.code, name: dict.name, description: '在线开发示例' }).catch(taken);
    if (!type) continue;
    for (const [sort, [value, label]] of dict.items.entries()) await addItem(db, session, { dictTypeId: type.id, value, label, color: '', sort, enabled: true, description: '' });
    added++;
  }
  return added;
}

/**
 * Creates and syncs each example form that does not exist, and records its example entry as its menu. A form an earlier start created but could not sync (untouched since) is synced now.
 */
export async function seedExampleForms(db: Kysely<DB>): Promise<number> {
  const companyId = await platformCompanyId(db);
  const userId = companyId ? await repo.firstSuperUserOf(db, companyId) : undefined;
  if (!companyId || !userId) return 0;
  const session: SessionInfo = { sessionId: 'seed', userId, username: 'system', companyId, departmentId: null };
  let created = 0;
  for (const example of EXAMPLE_FORMS) {
    const existing = await repo.findFormByTable(db, example.form.tableName);
    if (existing && (existing.synced_config !== null || existing.version > 1)) continue;
    if (!existing && created === 0) await seedExampleDicts(db, session);
    const form = existing ? { id: existing.id, version: existing.version } : await createForm(db, null, onlineFormCreateSchema.parse(example.form)).catch(taken);
    if (!form) continue; // another instance created it meanwhile
    // A refusal (the tables changed under it) leaves the form unsynced for its administrator, not a failed start.
    if (!(await syncForm(db, null, { id: form.id, version: form.version }).catch(taken))) continue;
    await recordMenu(db, form.id, example.menuPath);
    created++;
  }
  return created;
}
