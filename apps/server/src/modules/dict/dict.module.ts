import { buttonsOf, DictPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerDictRoutes } from './dict.routes.js';
import { DictSource } from '@care/shared';
import { seedDictionaries } from '../../seed/dictionaries.js';
import './dict.sources.js';

export default defineModule({
  name: 'dict',
  tables: ['dict_type', 'dict_item', 'dict_version'],
  menus: [{ path: '/system/dictType', buttons: buttonsOf(DictPermission) }],
  routes: registerDictRoutes,
  dictSources: [DictSource.user, DictSource.department],
  duplicateChecks: [{ tableName: 'dict_type', fieldName: 'code', def: { table: 'dict_type', column: 'code' } }],
  seeds: [{ name: 'dictionaries and rules', run: ({ db }) => seedDictionaries(db) }],
});
