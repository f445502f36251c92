import type { FastifyInstance } from 'fastify';
import { customerContract as c, customerTradeContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { view360 } from './customer-360.service.js';
import { customerTrade } from './customer-360.trade.js';

export function registerCustomer360Routes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.view360, ({ body, request }) => view360(db, requireSession(request), body.id));
  registerContract(app, customerTradeContract, ({ body, request }) => customerTrade(db, ctx.moduleGate, requireSession(request), body.id));
}
