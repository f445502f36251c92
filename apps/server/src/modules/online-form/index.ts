// What other modules may use of 表单配置 (docs/online.md): the synced configuration of a form, and the
// service functions (routes and seeds use the same).
export {
  createForm,
  deleteForm,
  editForm,
  formByTable,
  generatedMenuPath,
  genMenu,
  getForm,
  listForms,
  listMigrations,
  rebuildIndexes,
  recordMenu,
  ONLINE_DATA_COMPONENT,
  syncForm,
  uniqueIndexLabels,
} from './online-form.service.js';
export { ONLINE_SCHEMA } from './online-form.planner.js';
