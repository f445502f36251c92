import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ReservationPermission } from './reservation.permissions.js';
import { crmIdSchema } from './common.js';
import {
  reservationActionSchema,
  reservationCalendarQuerySchema,
  reservationCancelSchema,
  reservationCreateSchema,
  reservationEditSchema,
  reservationListQuerySchema,
  reservationPageSchema,
  reservationSchema,
  ReservationText,
} from './reservation.schema.js';

/**
 * 预约 (参观 visits). Lists, the calendar, by-id reads and every change apply the data rules of
 * 预约 (`/crm/reservation`, or of `crm:reservation:storeScope` for its holders); a visit the caller
 * cannot see answers 404. Booking needs the lead or customer to be visible to the caller.
 */
export const reservationContract = {
  list: defineContract({ method: 'POST', path: '/online/reservation/list', access: ReservationPermission.reservationList, body: reservationListQuerySchema, result: reservationPageSchema }),
  calendar: defineContract({ method: 'POST', path: '/online/reservation/calendar', access: ReservationPermission.reservationList, body: reservationCalendarQuerySchema, result: z.array(reservationSchema) }),
  queryById: defineContract({ method: 'POST', path: '/online/reservation/queryById', access: ReservationPermission.reservationList, body: crmIdSchema, result: reservationSchema }),
  /** A lead moves to 已预约参观 in the same transaction; a closed lead refuses (101). One 待到店 visit per lead or customer. */
  add: defineContract({ method: 'POST', path: '/online/reservation/add', access: ReservationPermission.reservationAdd, body: reservationCreateSchema, result: reservationSchema, successMessage: ReservationText.added }),
  edit: defineContract({ method: 'POST', path: '/online/reservation/edit', access: ReservationPermission.reservationEdit, body: reservationEditSchema, result: reservationSchema, successMessage: ReservationText.edited }),
  arrive: defineContract({ method: 'POST', path: '/online/reservation/arrive', access: ReservationPermission.reservationArrive, body: reservationActionSchema, result: reservationSchema, successMessage: ReservationText.arrived }),
  /** Refused before the visit time. */
  noShow: defineContract({ method: 'POST', path: '/online/reservation/noShow', access: ReservationPermission.reservationNoShow, body: reservationActionSchema, result: reservationSchema, successMessage: ReservationText.noShow }),
  cancel: defineContract({ method: 'POST', path: '/online/reservation/cancel', access: ReservationPermission.reservationCancel, body: reservationCancelSchema, result: reservationSchema, successMessage: ReservationText.cancelled }),
};

/** POST with the list's filters; answers an .xlsx file of the data-ruled list (at most EXPORT_MAX_ROWS rows). */
export const RESERVATION_EXPORT_PATH = '/online/reservation/exportXls';
export const reservationExportQuerySchema = reservationListQuerySchema;
export const reservationExportContract = defineContract({ method: 'POST', path: RESERVATION_EXPORT_PATH, access: ReservationPermission.reservationExport, body: reservationExportQuerySchema, result: z.unknown() });
