import { DictSource } from '@care/shared';
import { loadUserOptions } from './dict-source.repo.js';
import { registerDictSource, tableDictSource } from './dict-source.registry.js';

// The sources of the organisation tables; business modules register theirs (store, room …) the same way.
registerDictSource(DictSource.user, {
  label: '用户',
  otherFields: ['username'],
  load: (db, session, query) => loadUserOptions(db, session.companyId, query),
});

registerDictSource(
  DictSource.department,
  tableDictSource({
    label: '部门',
    table: 'department',
    value: 'id',
    text: 'name',
    companyColumn: 'company_id',
    enabledColumn: 'enabled',
    // Hierarchical codes: a parent comes right before its children.
    orderBy: 'code',
    searchColumns: ['name', 'code'],
    otherFields: { code: 'code', parentId: 'parent_id' },
  }),
);
