import { registerDuplicateCheck } from './duplicate-check.registry.js';

// The codes of the site-wide configuration; business modules register their own pairs (a lead's
// phone among the company's open leads …) next to their code.
registerDuplicateCheck('dict_type', 'code', { table: 'dict_type', column: 'code' });
registerDuplicateCheck('check_rule', 'code', { table: 'check_rule', column: 'code' });
registerDuplicateCheck('number_rule', 'code', { table: 'number_rule', column: 'code' });
