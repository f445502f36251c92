import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { RoomTypeText, type AnyResource, type RoomTypeOption } from '@care/shared';
import { requireSession, type SessionInfo } from '../../platform/auth/request-session.js';
import { uniqueViolation, type Db } from '../../platform/crud/crud-repo.js';
import type { CrudOptions, CrudService } from '../../platform/crud/crud-service.js';
import { registerCrud, type CrudContracts } from '../../platform/crud/register-crud.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { enabledStoreExists } from '../store/store.service.js';
import * as repo from './room-type.repo.js';
import { roomTypeScope } from './room-type.rules.js';

export const RoomTypeServiceText = { outOfScope: '所选门店不在您的数据范围内' } as const;

interface StoreOwned extends repo.StoreOwnedTable {
  /** The record's key of the unique column and the refusal when the store has it already. */
  key: string;
  taken: string;
  scope: NonNullable<CrudOptions['scope']>;
  /** The module's own checks, after the store's. */
  check?: (trx: Db, session: SessionInfo, storeId: string, values: Record<string, unknown>) => Promise<void>;
  /** Further names for the records answered. */
  enrich?: (db: Db, session: SessionInfo, records: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
}

/** The kit's options of a store's rows, and the refusal of a unique number the store has already. */
export type StoreOwnedOptions = CrudOptions & { taken: string };

/**
 * The kit options of a store's rows (room types, rooms): the store set on add is an enabled one of the
 * company within the caller's data scope, the unique column is unique within the store, and records
 * carry their store's name.
 */
export function storeOwnedOptions(o: StoreOwned): StoreOwnedOptions {
  return {
    taken: o.taken,
    scope: o.scope,
    beforeWrite: async (trx, session, values, current) => {
      const storeId = (current?.storeId ?? values.storeId) as string;
      if (!current && !(await enabledStoreExists(trx as Kysely<DB>, session.companyId, storeId))) throw new BizError(RoomTypeText.storeMissing);
      if (await repo.takenInStore(trx, o, { companyId: session.companyId, storeId, value: values[o.key], exceptId: current?.id as string | undefined })) throw new BizError(o.taken);
      await o.check?.(trx, session, storeId, values);
    },
    // A row written into a store the caller's rules hide is refused with the write undone.
    afterWrite: async (trx, session, id) => {
      if (!(await repo.visibleInScope(trx, o.table, id, await o.scope(trx as Kysely<DB>, session)))) throw new BizError(RoomTypeServiceText.outOfScope);
    },
    enrich: async (db, session, records) => {
      const names = await repo.storeNames(db, session.companyId, [...new Set(records.map((r) => r.storeId as string))]);
      const named = records.map((r) => ({ ...r, storeName: names.get(r.storeId as string) ?? '' }));
      return o.enrich ? o.enrich(db, session, named) : named;
    },
  };
}

/**
 * The kit's routes of a store's rows. A write that raced another to the same number is refused as the
 * check before it would (the unique index answers 23505). An edit reads the caller's scope once before
 * its transaction: the kit asks for it inside, where on PGlite's one connection a rules query outside
 * the transaction would wait for it (the request's session keeps the answer, so the second ask runs no query).
 */
export function registerStoreOwnedCrud(app: FastifyInstance, db: Kysely<DB>, resource: AnyResource, contracts: CrudContracts, options: StoreOwnedOptions): CrudService {
  const { taken, ...crudOptions } = options;
  const raced = uniqueViolation(taken);
  type Edit = Parameters<CrudService['edit']>[1];
  const crud: CrudService = registerCrud(app, db, resource, contracts, {
    ...crudOptions,
    override: {
      add: ({ request, body }) => crud.add(requireSession(request), body as Record<string, unknown>).catch(raced),
      edit: async ({ request, body }) => {
        const session = requireSession(request);
        await options.scope?.(db, session);
        return crud.edit(session, body as Edit).catch(raced);
      },
    },
  });
  return crud;
}

/** 房型: code unique within its store. */
export const roomTypeCrudOptions = storeOwnedOptions({ table: 'room_type', unique: 'code', key: 'code', taken: RoomTypeText.codeTaken, scope: roomTypeScope });

/** Enabled room types for selects, within the caller's 房型 scope (of one store when given). */
export async function roomTypeOptions(db: Kysely<DB>, session: SessionInfo, storeId?: string): Promise<RoomTypeOption[]> {
  const rows = await repo.roomTypeOptions(db, session.companyId, await roomTypeScope(db, session), storeId);
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, storeId: r.store_id, dailyPrice: r.daily_price }));
}

/** Whether `id` is an enabled room type of the store (a room takes only those). */
export async function isEnabledRoomTypeOfStore(db: Db, companyId: string, storeId: string, id: string): Promise<boolean> {
  return Boolean(await repo.enabledRoomTypeOfStore(db, companyId, storeId, id));
}

/** Names of the company's room types by id (rooms show their type's name). */
export function roomTypeNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  return repo.roomTypeNames(db, companyId, ids);
}
