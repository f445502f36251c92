import { defineModule } from '../module.js';
import { registerCustomer360Routes } from './customer-360.routes.js';

// 客户详情 reads through the customer, baby, follow-up and reservation services, and its transactions
// through the order, contract, receivable, service-order, change-order and room-hold ones; its routes'
// permission (crm:customer:list) and page belong to the customer module's menu.
export default defineModule({
  name: 'customer-360',
  routes: registerCustomer360Routes,
});
