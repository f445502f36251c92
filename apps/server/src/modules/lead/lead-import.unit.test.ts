import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LEAD_IMPORT_COLUMNS, LEAD_IMPORT_MAX_ROWS } from '@care/shared';
import { cellText, declaredUnzippedSize, LEAD_IMPORT_EXAMPLE, leadImportTemplate, readLeadSheet } from './lead-import.excel.js';
import { markDuplicatePhones, nameIndex, normaliseDate, parseLeadRow, resolveLeadRow, type LeadImportLookups } from './lead-import.rows.js';
import { writeXlsx } from '../../test/xlsx.js';
import { oneEntryZip } from '../../test/zip.js';

const HEADERS = LEAD_IMPORT_COLUMNS.map((c) => (c.required ? `${c.label}*` : c.label));
type Cells = Partial<Record<(typeof LEAD_IMPORT_COLUMNS)[number]['key'], string>>;
const cells = (v: Cells) => LEAD_IMPORT_COLUMNS.map((c) => v[c.key] ?? '');
const row = (n: number, v: Cells) => ({ row: n, cells: cells(v) });

const xlsx = (rows: unknown[][], headers: string[] = HEADERS) => writeXlsx(rows, headers, '线索');

describe('lead import: reading a row', () => {
  it('takes a good row with the add form\'s rules', () => {
    const parsed = parseLeadRow(
      row(2, { name: ' 王思琪 ', phone: '138 0013-8001', wechat: 'wsq', dueDate: '2026/9/1', gestationWeeks: '28', parity: '1', budget: '38,000.50', intentionGrade: 'A级', owner: 'nanshan.sales1', remark: '朋友介绍' }),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.values).toEqual({ name: '王思琪', phone: '13800138001', wechat: 'wsq', referrer: '', dueDate: '2026-09-01', gestationWeeks: 28, parity: 1, budget: '38000.50', remark: '朋友介绍' });
    expect(parsed.refs).toEqual({ leadChannel: '', channel: '', preferredStore: '', intentionGrade: 'A级', owner: 'nanshan.sales1' });
  });

  it('reports every bad field of a row with the column and a Chinese message', () => {
    const parsed = parseLeadRow(row(7, { phone: '12345', dueDate: '2026-02-30', gestationWeeks: '50', parity: '1.5', budget: '12.345', wechat: 'x'.repeat(65) }));
    expect(parsed.errors).toEqual([
      { field: '客户姓名', message: '请填写客户姓名' },
      { field: '手机号', message: '请输入正确的手机号!' },
      { field: '微信', message: '微信号不能超过64个字符' },
      { field: '预产期', message: '预产期不正确，应为日期，如2026-09-01' },
      { field: '孕周', message: '孕周必须是0到45之间的整数' },
      { field: '胎次', message: '胎次必须是1到10之间的整数' },
      { field: '预算', message: '预算必须是最多两位小数的金额' },
    ]);
    expect(parseLeadRow(row(3, { name: '李', phone: '' })).errors).toEqual([{ field: '手机号', message: '请填写手机号' }]);
  });

  it('reads dates in the ways people type them, and refuses days that do not exist', () => {
    expect(normaliseDate('2026-9-1')).toBe('2026-09-01');
    expect(normaliseDate('2026.09.01')).toBe('2026-09-01');
    expect(normaliseDate('2026年9月1日')).toBe('2026-09-01');
    expect(normaliseDate('2026-09-01 00:00:00')).toBe('2026-09-01');
    expect(normaliseDate('2026-02-29')).toBeNull();
    expect(normaliseDate('明年九月')).toBeNull();
    expect(normaliseDate('20260901')).toBeNull();
  });

  it('marks later rows that repeat a phone of an earlier row', () => {
    const rows = [row(2, { name: '甲', phone: '13800138001' }), row(3, { name: '乙', phone: '13800138002' }), row(4, { name: '丙', phone: '138-0013-8001' })].map(parseLeadRow);
    markDuplicatePhones(rows);
    expect(rows.map((r) => r.errors)).toEqual([[], [], [{ field: '手机号', message: '手机号与第2行重复' }]]);
  });
});

describe('lead import: names to ids', () => {
  const lookups: LeadImportLookups = {
    leadChannels: nameIndex([['小红书', 'lc1'], ['XHS', 'lc1'], ['美团', 'lc2']]),
    channels: nameIndex([['妇幼医院', 'ch1']]),
    stores: nameIndex([['南山店', 's1'], ['NS', 's1'], ['福田店', 's2'], ['福田店', 's3']]),
    ownerAccounts: nameIndex([['nanshan.sales1', 'u1'], ['zhang', 'u3']]),
    ownerNames: nameIndex([['李晓梅', 'u1'], ['张伟', 'u2'], ['张伟', 'u3']]),
    grades: nameIndex([['A', 'A'], ['A级', 'A'], ['B', 'B'], ['B级', 'B']]),
  };
  const resolve = (v: Cells) => resolveLeadRow(parseLeadRow(row(2, { name: '王', phone: '13800138001', ...v })), lookups, 'importer');

  it('resolves names and codes case-insensitively; the owner defaults to the importer', () => {
    const r = resolve({ leadChannel: 'xhs', channel: '妇幼医院', preferredStore: 'ns', intentionGrade: 'b级' });
    expect(r).toMatchObject({ ok: true, ownerId: 'importer', input: { leadChannelId: 'lc1', channelId: 'ch1', preferredStoreId: 's1', intentionGrade: 'B', nextFollowAt: null } });
    expect(resolve({ owner: 'NANSHAN.SALES1' })).toMatchObject({ ok: true, ownerId: 'u1' });
    expect(resolve({ owner: '李晓梅' })).toMatchObject({ ok: true, ownerId: 'u1' });
    // An account wins over a real name.
    expect(resolve({ owner: 'zhang' })).toMatchObject({ ok: true, ownerId: 'u3' });
  });

  it('reports unknown and ambiguous names together with the row\'s own errors', () => {
    const r = resolveLeadRow(
      parseLeadRow(row(5, { name: '王', phone: '1', leadChannel: '抖音', channel: '月子会', preferredStore: '福田店', intentionGrade: 'F', owner: '张伟' })),
      lookups,
      'importer',
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: '手机号', message: '请输入正确的手机号!' },
        { field: '线索渠道', message: '线索渠道「抖音」不存在或已停用' },
        { field: '合作渠道', message: '合作渠道「月子会」不存在或已停用' },
        { field: '意向门店', message: '意向门店「福田店」有重名，请填写编码或账号' },
        { field: '意向等级', message: '意向等级「F」不正确，应为A到E' },
        { field: '负责人', message: '负责人「张伟」有重名，请填写编码或账号' },
      ],
    });
    expect(resolve({ owner: 'nobody' })).toEqual({ ok: false, errors: [{ field: '负责人', message: '负责人「nobody」不是本公司的在职用户' }] });
  });
});

describe('lead import: reading the file', () => {
  it('cell values become text: numbers without float noise, dates as days, rich text and formulas by their text', () => {
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(new Date(Date.UTC(2026, 8, 1)))).toBe('2026-09-01');
    expect(cellText({ richText: [{ text: '王' }, { text: '思琪 ' }] })).toBe('王思琪');
    expect(cellText({ formula: 'A1', result: 28 } as ExcelJS.CellFormulaValue)).toBe('28');
    expect(cellText({ text: 'a@b.cn', hyperlink: 'mailto:a@b.cn' })).toBe('a@b.cn');
    expect(cellText(null)).toBe('');
  });

  it('reads the template\'s own file: an untouched example row and blank rows are skipped', async () => {
    const template = await leadImportTemplate();
    await expect(readLeadSheet('模板.xlsx', template)).rejects.toThrow('文件中没有可导入的数据行');
    const file = await xlsx([LEAD_IMPORT_EXAMPLE, [], cells({ name: '王思琪', phone: '13800138001' }), ['', '', ''], [' 李 ', 13800138002, '', '', '', '', new Date(Date.UTC(2026, 8, 1)), 28]]);
    const rows = await readLeadSheet('leads.XLSX', file);
    expect(rows.map((r) => r.row)).toEqual([4, 6]);
    expect(rows[1]!.cells.slice(0, 8)).toEqual(['李', '13800138002', '', '', '', '', '2026-09-01', '28']);
  });

  it('refuses a file that is not an xlsx, a wrong header and too many rows, with the reason', async () => {
    const good = await xlsx([cells({ name: '王', phone: '13800138001' })]);
    await expect(readLeadSheet('leads.xls', good)).rejects.toThrow('请上传.xlsx格式的Excel文件');
    await expect(readLeadSheet('leads.xlsx', Buffer.from('name,phone\n王,13800138001\n'))).rejects.toThrow('请上传.xlsx格式的Excel文件');
    // A zip that is not a workbook.
    await expect(readLeadSheet('leads.xlsx', oneEntryZip('readme.txt', Buffer.from('hello')))).rejects.toThrow('请上传.xlsx格式的Excel文件');
    const swapped = [...HEADERS];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    await expect(readLeadSheet('leads.xlsx', await xlsx([], swapped))).rejects.toThrow('模板表头不正确：第1列应为「客户姓名*」，实际为「手机号*」，请下载最新导入模板');
    await expect(readLeadSheet('leads.xlsx', await xlsx([], HEADERS.slice(0, 13)))).rejects.toThrow('第14列应为「备注」，实际为「空」');
    // Without the stars, with spaces, and with extra columns after the template's (the error report's) it is accepted.
    const loose = [...HEADERS.map((h) => ` ${h.replace('*', '')} `), '原行号', '错误原因'];
    expect(await readLeadSheet('leads.xlsx', await xlsx([[...cells({ name: '王', phone: '13800138001' }), 2, '手机号：…']], loose))).toHaveLength(1);
    const many = Array.from({ length: LEAD_IMPORT_MAX_ROWS + 1 }, (_, i) => cells({ name: `客户${i}`, phone: String(13900000000 + i) }));
    await expect(readLeadSheet('leads.xlsx', await xlsx(many))).rejects.toThrow(`单次最多导入5000行，当前文件有5001行，请拆分后再导入`);
  });

  it('reads the unpacked size from the zip directory before unpacking, and refuses a zip that unpacks to too much', async () => {
    const file = await xlsx([cells({ name: '王', phone: '13800138001' })]);
    expect(declaredUnzippedSize(file)).toBeGreaterThan(file.length);
    expect(declaredUnzippedSize(oneEntryZip('a.txt', Buffer.from('hello')))).toBe(5);
    expect(declaredUnzippedSize(Buffer.alloc(100))).toBeNull();
    // 100 MB of zeros deflate to about 100 kB.
    const bomb = oneEntryZip('xl/worksheets/sheet1.xml', Buffer.alloc(100 * 1024 * 1024), { deflate: true });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readLeadSheet('leads.xlsx', bomb)).rejects.toThrow('文件不能超过2MB');
  });
});
