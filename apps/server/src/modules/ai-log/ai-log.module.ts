import { defineModule } from '../module.js';

// AI log, the explainer (AI_API_URL or rule-based) and the AI-assisted actions: see docs/reports.md.
export default defineModule({
  name: 'ai-log',
});
