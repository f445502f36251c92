import type { FastifyInstance } from 'fastify';
import { monitorContract } from '@care/shared';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { metricsOf } from '../../platform/metrics/index.js';
import { monitorOverview } from './monitor.service.js';

export function registerMonitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerContract(app, monitorContract.overview, async () => {
    const metrics = metricsOf(app);
    if (!metrics) throw new Error('metrics are not installed on this app');
    return monitorOverview(metrics, ctx.database);
  });
}
