import { inflateRawSync } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { LEAD_IMPORT_COLUMNS, LEAD_IMPORT_MAX_BYTES, LEAD_IMPORT_MAX_ROWS, leadImportHeader, LeadImportText } from '@care/shared';
import { BizError } from '../../platform/errors.js';
import { loadExcelJs } from '../../platform/excel.js';

/** One data row of the file: its Excel row number and the text of the template's columns. */
export interface RawRow {
  row: number;
  cells: string[];
}

/** The template's example row; left untouched in a file it is skipped, not imported. */
export const LEAD_IMPORT_EXAMPLE = [
  '张小雨', '13800138000', 'zhangxy2026', '小红书', '', '王女士', '2026-09-01', '28', '1', '南山店', '38000', 'A', '', LeadImportText.exampleRemark,
];

// An .xlsx is a zip of XML; its entries' declared sizes bound what parsing it would unpack.
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/** A cell as text: numbers without float noise, dates as YYYY-MM-DD, rich text and formulas by their text. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

// Excel keeps wall-clock dates; exceljs hands them over as that wall clock in UTC.
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

const normaliseHeader = (text: string) => text.replace(/\s+/g, '').replace(/[*＊]+$/, '');

/**
 * Reads the first sheet of an uploaded .xlsx: refuses (101) a file that is not an .xlsx, is too big,
 * has a header row other than the template's, no data rows or more than LEAD_IMPORT_MAX_ROWS.
 * Blank rows and an untouched example row are skipped.
 */
export async function readLeadSheet(fileName: string, data: Buffer): Promise<RawRow[]> {
  if (data.length > LEAD_IMPORT_MAX_BYTES) throw new BizError(LeadImportText.tooBig);
  if (!/\.xlsx$/i.test(fileName) || !isZip(data)) throw new BizError(LeadImportText.notXlsx);
  const unzipped = declaredUnzippedSize(data);
  if (unzipped === null) throw new BizError(LeadImportText.notXlsx);
  if (unzipped > MAX_UNZIPPED_BYTES) throw new BizError(LeadImportText.tooBig);
  // Declared sizes can lie: inflate each entry with a hard cap on the bytes it really yields.
  if (!withinRealSize(data, MAX_UNZIPPED_BYTES)) throw new BizError(LeadImportText.tooBig);
  const book = new (await loadExcelJs()).Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new BizError(LeadImportText.notXlsx);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new BizError(LeadImportText.notXlsx);
  const header = sheet.getRow(1);
  LEAD_IMPORT_COLUMNS.forEach((column, i) => {
    const actual = cellText(header.getCell(i + 1).value);
    if (normaliseHeader(actual) !== column.label) throw new BizError(LeadImportText.badHeader(i + 1, leadImportHeader(column), actual));
  });
  const rows: RawRow[] = [];
  let count = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = LEAD_IMPORT_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value));
    if (cells.every((c) => c === '')) return;
    if (cells.every((c, i) => c === LEAD_IMPORT_EXAMPLE[i])) return;
    count++;
    // Past the cap only the count is needed (for the message).
    if (count <= LEAD_IMPORT_MAX_ROWS) rows.push({ row: rowNumber, cells });
  });
  if (count > LEAD_IMPORT_MAX_ROWS) throw new BizError(LeadImportText.tooManyRows(count));
  if (!rows.length) throw new BizError(LeadImportText.noRows);
  return rows;
}

function isZip(data: Buffer): boolean {
  return data.length > 22 && data.readUInt32LE(0) === 0x04034b50;
}

/**
 * The sum of the entries' uncompressed sizes from the zip's central directory, before anything is
 * unpacked (a small zip of repeated XML can unpack to gigabytes); null when there is no readable
 * directory; Infinity for zip64 entries, which no template-sized file needs.
 */
export function declaredUnzippedSize(data: Buffer): number | null {
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return null;
  const entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return null;
    const size = data.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

/**
 * Inflates every entry (stored or deflated) with a cap on its real output, and on the total; false
 * when an entry or the sum passes `cap`, or an entry cannot be read. Nothing is kept.
 */
export function withinRealSize(data: Buffer, cap: number): boolean {
  const eocd = findEndOfCentralDirectory(data);
  if (eocd < 0) return false;
  const entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return false;
    const method = data.readUInt16LE(offset + 10);
    const compressed = data.readUInt32LE(offset + 20);
    const local = data.readUInt32LE(offset + 42);
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) return false;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + compressed > data.length) return false;
    const body = data.subarray(start, start + compressed);
    if (method === 0) total += body.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(body, { maxOutputLength: cap - total + 1 }).length;
      } catch {
        return false;
      }
    } else return false;
    if (total > cap) return false;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return true;
}

function findEndOfCentralDirectory(data: Buffer): number {
  const last = data.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) if (data.readUInt32LE(i) === 0x06054b50) return i;
  return -1;
}

const TEXT_COLUMNS = new Set<string>(['phone', 'wechat', 'owner']);

/** The template: the header row (required columns marked *), the example row, and a 填写说明 sheet. */
export async function leadImportTemplate(): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet(LeadImportText.sheetName);
  sheet.columns = LEAD_IMPORT_COLUMNS.map((c) => ({
    header: leadImportHeader(c),
    width: c.key === 'remark' ? 30 : 16,
    // Phones and accounts stay text, so Excel neither rounds nor reformats them.
    ...(TEXT_COLUMNS.has(c.key) ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  LEAD_IMPORT_COLUMNS.forEach((c, i) => {
    if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  });
  sheet.addRow(LEAD_IMPORT_EXAMPLE);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const guide = book.addWorksheet(LeadImportText.guideSheetName);
  guide.columns = [
    { header: '列', width: 14 },
    { header: '说明', width: 70 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of LEAD_IMPORT_COLUMNS) guide.addRow([leadImportHeader(c), c.note]);
  guide.addRow([]);
  guide.addRow(['', `第2行是示例，未修改时导入会跳过它；每个文件最多${LEAD_IMPORT_MAX_ROWS}行。`]);
  guide.addRow(['', '每行单独保存：有错误的行不导入，可下载错误报告，修改后直接重新导入。']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
