import { AiLogPermission, buttonsOf, pick } from '@care/shared';
import { defineModule } from '../module.js';
import { registerAiLogRoutes } from './ai-log.routes.js';

// AI log, the explainer (AI_API_URL or rule-based) and the AI-assisted actions: see docs/reports.md.
export default defineModule({
  name: 'ai-log',
  tables: ['ai_log', 'ai_log_link'],
  menus: [
    { path: '/system/aiLog', buttons: buttonsOf(pick(AiLogPermission, 'aiLogList', 'aiLogLink')) },
    { path: '/crm/lead', buttons: buttonsOf(pick(AiLogPermission, 'followUpSummary')) },
  ],
  routes: registerAiLogRoutes,
});
