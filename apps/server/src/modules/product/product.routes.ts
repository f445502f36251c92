import type { FastifyInstance } from 'fastify';
import { productContract, productResource } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './product.service.js';

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const { versions, roomTypes, ...crud } = productContract;
  registerCrud(app, db, productResource, crud, service.productCrudOptions);
  registerContract(app, versions, ({ body, request }) => service.productVersions(db, requireSession(request), body.productId));
  registerContract(app, roomTypes, ({ request }) => service.roomTypeChoices(db, requireSession(request).companyId));
}
