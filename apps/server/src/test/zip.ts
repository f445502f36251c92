import zlib from 'node:zlib';

export interface ZipEntryOptions {
  /** Deflate the content (method 8); stored (method 0) otherwise. */
  deflate?: boolean;
  /** The uncompressed size the headers declare: the content's unless told otherwise (a zip bomb lies). */
  declaredSize?: number;
  /** Leave the CRC-32 at 0 instead of computing it. */
  noCrc?: boolean;
}

/** Writes little-endian fields into `buf`: [byte offset, width in bytes, value]. */
function fields(size: number, values: [offset: number, width: 2 | 4, value: number][]): Buffer {
  const buf = Buffer.alloc(size);
  for (const [offset, width, value] of values) {
    if (width === 2) buf.writeUInt16LE(value, offset);
    else buf.writeUInt32LE(value, offset);
  }
  return buf;
}

/** A zip archive of one entry, for files that are zips but not workbooks and for zips that lie about their size. */
export function oneEntryZip(name: string, content: Buffer, options: ZipEntryOptions = {}): Buffer {
  const data = options.deflate ? zlib.deflateRawSync(content) : content;
  const file = Buffer.from(name);
  const method = options.deflate ? 8 : 0;
  const crc = options.noCrc ? 0 : zlib.crc32(content);
  const size = options.declaredSize ?? content.length;
  const local = fields(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, method], [14, 4, crc], [18, 4, data.length], [22, 4, size], [26, 2, file.length]]);
  const central = fields(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, method], [16, 4, crc], [20, 4, data.length], [24, 4, size], [28, 2, file.length]]);
  const end = fields(22, [[0, 4, 0x06054b50], [8, 2, 1], [10, 2, 1], [12, 4, central.length + file.length], [16, 4, local.length + file.length + data.length]]);
  return Buffer.concat([local, file, data, central, file, end]);
}
