import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import { linkRows } from '../../platform/public-link.js';

// nurse_link rows beyond what every public link has (platform/public-link.ts): the nurse, and the images
// uploaded through the link.

const LIST_LIMIT = 100;

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export function findLink(db: Db, companyId: string, id: string) {
  return linkRows<{ nurse_id: string }>(db, 'nurse_link', companyId, ['nurse_id']).where('l.id', '=', id).executeTakeFirst();
}

/** A nurse's links, newest first (a handful: the dialog lists them whole). */
export function linksOfNurse(db: Db, companyId: string, nurseId: string) {
  return linkRows<{ nurse_id: string }>(db, 'nurse_link', companyId, ['nurse_id'])
    .where(sql.ref('l.nurse_id'), '=', nurseId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .limit(LIST_LIMIT)
    .execute();
}

/** A live link as her page acts through it. */
export interface LiveLink {
  id: string;
  company_id: string;
  nurse_id: string;
  expires_at: Date;
  uploads: string[];
}
export const LIVE_EXTRA = ['nurse_id', 'expires_at', 'uploads'] as const;

/** Remembers an image uploaded through the link, so that her record may take it (and no other new path). */
export async function recordUpload(db: Db, id: string, path: string): Promise<void> {
  await db.updateTable('nurse_link').set({ uploads: sql<string[]>`array_append(uploads, ${path})` }).where('id', '=', id).execute();
}
