import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { AnnouncementPermission } from './announcement.permissions.js';
import { crudContracts } from '../resource/index.js';
import {
  announcementActionSchema,
  announcementReadRecordPageSchema,
  announcementReadRecordQuerySchema,
  announcementResource,
  announcementSchema,
  AnnouncementText,
  audienceOptionsQuerySchema,
  audienceOptionsSchema,
} from './announcement.schema.js';
import { markNoticeReadSchema, noticeListQuerySchema, noticeListSchema, noticeSchema, queryByIdSchema } from './message.schema.js';

const crud = crudContracts(
  announcementResource,
  'annountCement',
  { list: AnnouncementPermission.announcementList, add: AnnouncementPermission.announcementAdd, edit: AnnouncementPermission.announcementEdit, delete: AnnouncementPermission.announcementDelete },
  { queryById: false },
);

/**
 * 系统通告 of the session company. A draft or revoked announcement may be edited, published or
 * deleted; a published one only revoked (announcementMachine). Edits, deletes and moves carry
 * `version` (stale → 101).
 */
export const announcementContract = {
  ...crud,
  delete: { ...crud.delete, body: announcementActionSchema },
  /** Publishes to the audience and pushes a 'notice' event to it. */
  publish: defineContract({
    method: 'POST',
    path: '/online/annountCement/publish',
    access: AnnouncementPermission.announcementPublish,
    body: announcementActionSchema,
    result: announcementSchema,
    successMessage: AnnouncementText.published,
  }),
  /** Withdraws it: it leaves every bell; read records stay. */
  revoke: defineContract({
    method: 'POST',
    path: '/online/annountCement/revoke',
    access: AnnouncementPermission.announcementRevoke,
    body: announcementActionSchema,
    result: announcementSchema,
    successMessage: AnnouncementText.revoked,
  }),
  /** 阅读记录: the audience of a published (or revoked) announcement with each one's read state. */
  readRecords: defineContract({
    method: 'POST',
    path: '/online/annountCement/readRecords',
    access: AnnouncementPermission.announcementList,
    body: announcementReadRecordQuerySchema,
    result: announcementReadRecordPageSchema,
  }),
  /** Departments (all) and users (matching `keyword`, at most 50, plus `userIds`) for the audience pickers. */
  audienceOptions: defineContract({
    method: 'POST',
    path: '/online/annountCement/audienceOptions',
    access: AnnouncementPermission.announcementList,
    body: audienceOptionsQuerySchema,
    result: audienceOptionsSchema,
  }),

  // ---- for every signed-in user (the bell, the notice modal) ----

  /** The bell: the caller's unread published announcements and unread messages, with both totals. */
  listByUser: defineContract({
    method: 'POST',
    path: '/online/annountCement/listByUser',
    access: 'authenticated',
    body: noticeListQuerySchema,
    result: noticeListSchema,
  }),
  /**
   * One published announcement addressed to the caller, with the caller's readFlag (spec §7: GET, id).
   * Anything else (draft, revoked, another audience, another company) answers 404.
   */
  queryById: defineContract({
    method: 'GET',
    path: '/online/annountCement/queryById',
    access: 'authenticated',
    query: queryByIdSchema,
    result: noticeSchema,
  }),
  /**
   * Marks a notice read for the caller (spec §7: anntId). msgCategory '2' marks one of the caller's
   * messages instead. Idempotent; a notice not addressed to the caller answers 404.
   */
  editByAnntIdAndUserId: defineContract({
    method: 'POST',
    path: '/online/sysAnnouncementSend/editByAnntIdAndUserId',
    access: 'authenticated',
    body: markNoticeReadSchema,
    result: z.null(),
  }),
};
