import { buttonsOf, LeadPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { leadFollowUpsDue } from './lead.work-items.js';
import { leadRules } from './lead.rules.js';
import { registerLeadRoutes } from './lead.routes.js';
import { leadPoolSettings, startLeadPoolJob } from './lead-pool.job.js';
import { seedDemoCrmDataIfEmpty } from '../../seed/demo-crm-data.js';

export default defineModule({
  name: 'lead',
  tables: ['lead', 'import_job', 'import_job_error'],
  menus: [{ path: '/crm/lead', buttons: buttonsOf(LeadPermission) }],
  dataRules: [leadRules],
  workplace: { items: [leadFollowUpsDue] },
  routes: registerLeadRoutes,
  jobs: [{ name: 'lead pool release', start: ({ database, log }) => startLeadPoolJob(database.db, log, leadPoolSettings()) }],
  seeds: [{ name: 'demo leads, customers and visits', run: ({ db, config }) => seedDemoCrmDataIfEmpty(db, config) }],
});
