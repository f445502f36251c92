import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'contract',
  pages: {
    'contract/ContractList': () => import('./ContractList'),
    'contract/ContractTemplateList': () => import('./ContractTemplateList'),
  },
});
