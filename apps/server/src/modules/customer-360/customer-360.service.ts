import type { Kysely } from 'kysely';
import type { Customer360 } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { getCustomer } from '../customer/customer.service.js';
import { listBabiesOfCustomer } from '../baby/baby.service.js';
import { latestFollowUpsOfCustomer } from '../follow-up/follow-up.service.js';
import { latestReservationsOfCustomer } from '../reservation/reservation.service.js';

// A read-only view over the customer, baby, follow-up and reservation modules: it sits above them, so
// none of them needs the others to answer it.

/** The 360 page: profile, babies, follow-ups (its own and its leads'), visits. */
export async function view360(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Customer360> {
  // The customer's data rules decide (404 outside them); the parts below belong to a customer the caller sees.
  const customer = await getCustomer(db, session, id);
  const [babies, followUps, reservations] = await Promise.all([
    listBabiesOfCustomer(db, session.companyId, id),
    latestFollowUpsOfCustomer(db, session.companyId, id, 50),
    latestReservationsOfCustomer(db, session.companyId, id, 50),
  ]);
  return { customer, babies, followUps: followUps.records, followUpTotal: followUps.total, reservations };
}
