import type { FastifyInstance } from 'fastify';
import { dictContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './dict.service.js';

export function registerDictRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = dictContract;
  registerContract(app, c.getDictItems, ({ params, query, request }) =>
    service.getDictItems(db, requireSession(request), String(params.code ?? ''), query.otherField || undefined),
  );
  registerContract(app, c.select, ({ params, body, request }) => service.selectOptions(db, requireSession(request), String(params.dictUrl ?? ''), body));
  const types = service.dictTypeService(db);
  registerContract(app, c.typeList, ({ body, request }) => types.list(requireSession(request), body));
  registerContract(app, c.typeAdd, ({ body, request }) => types.add(requireSession(request), body));
  registerContract(app, c.typeEdit, ({ body, request }) => types.edit(requireSession(request), body));
  registerContract(app, c.typeDelete, ({ body, request }) => types.remove(requireSession(request), body.id));
  registerContract(app, c.itemList, ({ body }) => service.pageItems(db, body));
  registerContract(app, c.itemAdd, ({ body, request }) => service.addItem(db, requireSession(request), body));
  registerContract(app, c.itemEdit, ({ body, request }) => service.editItem(db, requireSession(request), body));
  registerContract(app, c.itemDelete, ({ body }) => service.deleteItem(db, body.id));
}
