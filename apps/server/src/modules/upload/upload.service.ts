import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { UploadText } from '@care/shared';
import { BizError, NotFound } from '../../platform/errors.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { LocalFileStorage } from '../../platform/storage.js';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const STORED_PATH = /^([0-9a-f-]{36})\/routine\/(\d{8})\/([0-9a-f-]{36})\.(png|jpg|gif|webp)$/;
const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export interface IncomingFile {
  filename: string;
  data: Buffer;
}

/**
 * Stores an image under `{companyId}/routine/{yyyyMMdd}/{uuid}.{ext}`: the folder comes from the
 * session, the name is generated, the type is read from the bytes — nothing the client says about
 * where or what reaches the file system.
 */
export async function storeImage(storage: LocalFileStorage, session: Pick<SessionInfo, 'companyId'>, prefixPath: string | undefined, file: IncomingFile | undefined): Promise<string> {
  if (prefixPath !== `${session.companyId}/routine`) throw new BizError(UploadText.badPrefix);
  if (!file) throw new BizError(UploadText.onlyImages);
  const declared = file.filename.split('.').pop()?.toLowerCase() ?? '';
  const detected = await fileTypeFromBuffer(file.data);
  const ext = detected ? IMAGE_TYPES[detected.mime] : undefined;
  if (!ext || !IMAGE_EXTENSIONS.has(declared)) throw new BizError(UploadText.onlyImages);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const relative = `${session.companyId}/routine/${day}/${randomUUID()}.${ext}`;
  await storage.write(relative, file.data);
  return relative;
}

/** Reads a stored image of the caller's company; any other path is simply not found. */
export async function readImage(storage: LocalFileStorage, session: Pick<SessionInfo, 'companyId'>, relative: string): Promise<{ data: Buffer; mime: string; name: string }> {
  const match = STORED_PATH.exec(relative);
  if (!match || match[1] !== session.companyId) throw new NotFound();
  const data = await storage.read(relative);
  if (!data) throw new NotFound();
  return { data, mime: MIME_BY_EXT[match[4]!]!, name: `${match[3]}.${match[4]}` };
}
