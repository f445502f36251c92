import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { STORED_FILE_PATH, STORED_UPLOAD_PATH, UPLOAD_FILE_BIZ, UploadText } from '@care/shared';
import { BizError, NotFound } from '../../platform/errors.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { LocalFileStorage } from '../../platform/storage.js';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
/** Office Open XML and PDF, as file-type names them from their bytes. */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'pptx']);
/** Older Office files are compound documents (file-type: cfb); the declared name tells which. */
const COMPOUND_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);
const TEXT_EXTENSIONS = new Set(['txt', 'csv']);
const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export interface IncomingFile {
  filename: string;
  data: Buffer;
}

/** UTF-8 text without NUL bytes (what a .txt or .csv holds; anything binary is refused). */
function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The stored extension of an upload, from its bytes (and, where the bytes allow several, its name); undefined = refused. */
async function extensionOf(file: IncomingFile, documents: boolean): Promise<string | undefined> {
  const declared = file.filename.split('.').pop()?.toLowerCase() ?? '';
  const detected = await fileTypeFromBuffer(file.data);
  const image = detected ? IMAGE_TYPES[detected.mime] : undefined;
  if (image) return IMAGE_EXTENSIONS.has(declared) ? image : undefined;
  if (!documents) return undefined;
  if (detected && DOCUMENT_EXTENSIONS.has(detected.ext)) return declared === detected.ext ? detected.ext : undefined;
  if (detected?.ext === 'cfb') return COMPOUND_EXTENSIONS.has(declared) ? declared : undefined;
  if (!detected && TEXT_EXTENSIONS.has(declared) && isPlainText(file.data)) return declared;
  return undefined;
}

/**
 * Stores an upload under `{companyId}/routine/{yyyyMMdd}/{uuid}.{ext}`: the folder comes from the
 * session, the name is generated, the type is read from the bytes — nothing the client says about
 * where or what reaches the file system. Images only, unless `biz` is UPLOAD_FILE_BIZ (文件 fields),
 * which also takes PDF, Office and plain-text documents.
 */
export async function storeUpload(
  storage: LocalFileStorage,
  session: Pick<SessionInfo, 'companyId'>,
  q: { prefixPath?: string | undefined; biz?: string | undefined },
  file: IncomingFile | undefined,
): Promise<string> {
  const documents = q.biz === UPLOAD_FILE_BIZ;
  const refused = documents ? UploadText.onlyFiles : UploadText.onlyImages;
  if (q.prefixPath !== `${session.companyId}/routine`) throw new BizError(UploadText.badPrefix);
  if (!file) throw new BizError(refused);
  const ext = await extensionOf(file, documents);
  if (!ext) throw new BizError(refused);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const relative = `${session.companyId}/routine/${day}/${randomUUID()}.${ext}`;
  await storage.write(relative, file.data);
  return relative;
}

/**
 * Reads a stored file of the caller's company; any other path is simply not found. Images are shown
 * in place, documents are downloaded (`attachment`).
 */
export async function readStored(
  storage: LocalFileStorage,
  session: Pick<SessionInfo, 'companyId'>,
  relative: string,
): Promise<{ data: Buffer; mime: string; name: string; inline: boolean }> {
  const match = STORED_FILE_PATH.exec(relative);
  if (!match || match[1] !== session.companyId) throw new NotFound();
  const data = await storage.read(relative);
  if (!data) throw new NotFound();
  const ext = match[4]!;
  return { data, mime: MIME_BY_EXT[ext]!, name: `${match[3]}.${ext}`, inline: IMAGE_EXTENSIONS.has(ext) };
}

/**
 * Whether `relative` is an image the upload answered to the company: the stored shape, the company's
 * own folder, and the file is there. A field that references uploads (contract 附件) takes nothing else:
 * no address elsewhere, no `javascript:`, no `..`, no other company's file.
 */
export async function isOwnImage(storage: LocalFileStorage, session: Pick<SessionInfo, 'companyId'>, relative: string): Promise<boolean> {
  const match = STORED_UPLOAD_PATH.exec(relative);
  return match !== null && match[1] === session.companyId && (await storage.exists(relative));
}

/** An image only (a nurse's photo and certificates through her link). */
export function storeImage(storage: LocalFileStorage, session: Pick<SessionInfo, 'companyId'>, prefixPath: string | undefined, file: IncomingFile | undefined): Promise<string> {
  return storeUpload(storage, session, { prefixPath }, file);
}

/** A stored image of the company; a document's path is not found here. */
export async function readImage(storage: LocalFileStorage, session: Pick<SessionInfo, 'companyId'>, relative: string): Promise<{ data: Buffer; mime: string; name: string }> {
  const stored = await readStored(storage, session, relative);
  if (!stored.inline) throw new NotFound();
  return stored;
}
