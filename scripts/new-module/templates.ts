/** The files of a new module, from its names. Kept apart from the writer so a test can read them. */
export interface ModuleNames {
  /** kebab-case: the folder on each side (`room-type`). */
  name: string;
  /** camelCase: API base and identifiers (`roomType`). */
  camel: string;
  /** PascalCase: types and components (`RoomType`). */
  pascal: string;
  /** snake_case: the table (`room_type`). */
  table: string;
  /** What one row is called (房型). */
  label: string;
  /** The menu folder it goes under (`/room`). */
  parent: string;
  /** Permission prefix (`room:roomType`). */
  prefix: string;
}

export function namesOf(name: string, label: string, parent: string): ModuleNames {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`module name ${JSON.stringify(name)} must be kebab-case, e.g. room-type`);
  if (!/^\/[a-zA-Z]+$/.test(parent)) throw new Error(`menu folder ${JSON.stringify(parent)} must be a top-level path such as /room`);
  const camel = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { name, camel, pascal: camel[0]!.toUpperCase() + camel.slice(1), table: name.replaceAll('-', '_'), label, parent, prefix: `${parent.slice(1)}:${camel}` };
}

export function moduleFiles(n: ModuleNames, migrationNo: string): Record<string, string> {
  return {
    [`packages/shared/src/${n.name}/${n.name}.permissions.ts`]: `import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the ${n.name} module and the titles of their buttons. */
export const ${n.pascal}Permission = definePermissions({
  ${n.camel}List: ['${n.prefix}:list', '查询${n.label}'],
  ${n.camel}Add: ['${n.prefix}:add', '新增${n.label}'],
  ${n.camel}Edit: ['${n.prefix}:edit', '编辑${n.label}'],
  ${n.camel}Status: ['${n.prefix}:status', '启用/停用${n.label}'],
  ${n.camel}Export: ['${n.prefix}:export', '导出${n.label}'],
});
`,
    [`packages/shared/src/${n.name}/${n.name}.schema.ts`]: `import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const ${n.pascal}Text = {
  nameTaken: '${n.label}名称已存在',
} as const;

/** ${n.label}: one line per field; the list, filters, export and form follow from it. */
export const ${n.camel}Resource = defineResource({
  name: '${n.name}',
  table: '${n.table}',
  label: '${n.label}',
  fields: {
    name: field.text('名称', { required: true, sort: true }),
    enabled: field.bool('状态'),
    remark: field.textarea('备注'),
  },
});

export type ${n.pascal} = RecordOf<typeof ${n.camel}Resource>;
export type ${n.pascal}Create = CreateOf<typeof ${n.camel}Resource>;
export type ${n.pascal}Edit = EditOf<typeof ${n.camel}Resource>;
export type ${n.pascal}ListQuery = ListQueryOf<typeof ${n.camel}Resource>;
`,
    [`packages/shared/src/${n.name}/${n.name}.contract.ts`]: `import { crudContracts } from '../resource/index.js';
import { ${n.pascal}Permission as P } from './${n.name}.permissions.js';
import { ${n.camel}Resource } from './${n.name}.schema.js';

/** /online/${n.camel}/… */
export const ${n.camel}Contract = crudContracts(
  ${n.camel}Resource,
  '${n.camel}',
  { list: P.${n.camel}List, add: P.${n.camel}Add, edit: P.${n.camel}Edit, status: P.${n.camel}Status, export: P.${n.camel}Export },
  { options: true },
);
`,
    [`packages/shared/src/${n.name}/index.ts`]: `export * from './${n.name}.schema.js';
export * from './${n.name}.contract.js';
`,
    [`apps/server/migrations/${migrationNo}_${n.table}.sql`]: `-- ${n.label} (module ${n.name}).
create table ${n.table} (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  name text not null,
  enabled boolean not null default true,
  remark text not null default '',
  version integer not null default 1,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now()
);
create unique index ${n.table}_name on ${n.table} (company_id, name);
create index ${n.table}_created_idx on ${n.table} (company_id, created_at desc, id);
`,
    [`apps/server/src/modules/${n.name}/${n.name}.module.ts`]: `import { buttonsOf, ${n.camel}Contract, ${n.camel}Resource, ${n.pascal}Permission, ${n.pascal}Text } from '@care/shared';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { defineModule } from '../module.js';

export default defineModule({
  name: '${n.name}',
  tables: ['${n.table}'],
  menus: [{ parent: '${n.parent}', path: '${n.parent}/${n.camel}', title: '${n.label}', component: '${n.name}/${n.pascal}List', buttons: buttonsOf(${n.pascal}Permission) }],
  routes: (app, ctx) => {
    registerCrud(app, ctx.database.db, ${n.camel}Resource, ${n.camel}Contract, { unique: [{ field: 'name', message: ${n.pascal}Text.nameTaken }] });
  },
});
`,
    [`apps/server/src/modules/${n.name}/${n.name}.api.test.ts`]: `import { describe, expect, it } from 'vitest';
import type { PageResult, ${n.pascal} } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';

describe('${n.label}', () => {
  const ctx = useAdminApp();

  it('adds, lists, edits under the version lock and refuses a taken name', async () => {
    const added = await ctx.t.post<${n.pascal}>('/online/${n.camel}/add', { name: '甲' }, { token: ctx.admin });
    expect(added.body).toMatchObject({ code: '0', result: { name: '甲', enabled: true, version: 1 } });
    expect((await ctx.t.post('/online/${n.camel}/add', { name: '甲' }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: '${n.label}名称已存在' });
    const list = await ctx.t.post<PageResult<${n.pascal}>>('/online/${n.camel}/list', { name: '甲' }, { token: ctx.admin });
    expect(list.body.result.records.map((r) => r.name)).toEqual(['甲']);
    const id = added.body.result.id;
    expect((await ctx.t.post('/online/${n.camel}/edit', { id, version: 1, name: '乙' }, { token: ctx.admin })).body.code).toBe('0');
    expect((await ctx.t.post('/online/${n.camel}/edit', { id, version: 1, name: '丙' }, { token: ctx.admin })).body.code).toBe('101');
  });
});
`,
    [`apps/web/src/modules/${n.name}/${n.name}.module.ts`]: `import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: '${n.name}',
  pages: {
    '${n.name}/${n.pascal}List': () => import('./${n.pascal}List'),
  },
});
`,
    [`apps/web/src/modules/${n.name}/${n.pascal}List.tsx`]: `import { ${n.camel}Contract, ${n.camel}Resource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';

/** ${n.label} (${n.parent}/${n.camel}). */
export function ${n.pascal}List() {
  return <ResourceTable resource={${n.camel}Resource} contracts={${n.camel}Contract} />;
}
`,
  };
}

/** The lines a new module adds to the central lists (each list is assembled from its entries). */
export function centralEdits(n: ModuleNames): { file: string; after: RegExp; line: string }[] {
  return [
    { file: 'packages/shared/src/index.ts', after: /export \* from '\.\/[^']+';\n(?![\s\S]*export \* from)/, line: `export * from './${n.name}/index.js';\n` },
    { file: 'packages/shared/src/permissions.ts', after: /import \{ \w+Permission \} from '[^']+';\n(?![\s\S]*import \{ \w+Permission \})/, line: `import { ${n.pascal}Permission } from './${n.name}/${n.name}.permissions.js';\n` },
    { file: 'packages/shared/src/permissions.ts', after: / {2}\.\.\.\w+Permission,\n(?![\s\S]*\.\.\.\w+Permission,)/, line: `  ...${n.pascal}Permission,\n` },
    { file: 'packages/shared/src/permissions.ts', after: /export \{ [^}]*(?= \};)/, line: `, ${n.pascal}Permission` },
    { file: 'apps/server/src/modules/index.ts', after: /import \w+ from '\.\/[^']+\.module\.js';\n(?![\s\S]*\.module\.js)/, line: `import ${n.camel} from './${n.name}/${n.name}.module.js';\n` },
    { file: 'apps/server/src/modules/index.ts', after: /\n {2}\w+,\n(?=\];)/, line: `  ${n.camel},\n` },
  ];
}

/** Inserts `line` right after the last match of `after`; throws when the anchor is gone. */
export function insertAfter(text: string, after: RegExp, line: string): string {
  const match = after.exec(text);
  if (!match) throw new Error(`anchor ${after} not found`);
  const at = match.index + match[0].length;
  return text.slice(0, at) + line + text.slice(at);
}
