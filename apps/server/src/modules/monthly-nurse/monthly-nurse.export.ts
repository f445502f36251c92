import type { ExcelColumn } from '../../platform/excel.js';

type Row = Record<string, unknown>;
const text = (key: string) => (r: Row) => (r[key] === null || r[key] === undefined ? '' : (r[key] as string | number));

/** 月嫂 export columns (dictionaries and flags already as text, the ID number masked). */
export const NURSE_EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { header: '月嫂编号', value: text('nurseNo') },
  { header: '姓名', value: text('name') },
  { header: '手机号', value: text('phone') },
  { header: '身份证号', value: text('idNo') },
  { header: '出生日期', value: text('birthDate') },
  { header: '籍贯', value: text('hometown') },
  { header: '门店', value: text('storeName') },
  { header: '等级', value: text('level') },
  { header: '从业类型', value: text('practiceType') },
  { header: '服务方式', value: text('serviceType') },
  { header: '用工方式', value: text('employment') },
  { header: '26天价格（元）', value: text('price26Days') },
  { header: '技能', value: text('skills') },
  { header: '健康证到期', value: text('healthCertExpiry') },
  { header: '保险到期', value: text('insuranceExpiry') },
  { header: '证件预警', value: text('expiry') },
  { header: '状态', value: text('status') },
  { header: '评分', value: text('rating') },
  { header: '评价数', value: text('ratingCount') },
  { header: '备注', value: text('remark') },
];
