import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, DummyDriver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onlineFieldSchema, type OnlineFieldInput } from '@care/shared';
import { columnTypeOf, defaultValueOf, indexByName, parseDbDefault, planIndexRebuild, physicalIndexName, planSync, PlanError, type DbColumn, type DbState, type PlanForm } from './online-form.planner.js';

// Compiles without a database: the planner's statements as the history records them.
const db = new Kysely<unknown>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});

const field = (input: Partial<OnlineFieldInput> & Pick<OnlineFieldInput, 'name' | 'type'>) => onlineFieldSchema.parse({ label: input.name, dictCode: 'd', ...input });
const single = (fields: ReturnType<typeof field>[], extra: Partial<PlanForm> = {}): PlanForm => ({ tableName: 'goods', formType: 'single', fields, indexes: [], subTables: [], ...extra });
const texts = (form: PlanForm, current: DbState = {}, previous: string[] = []) => {
  const plan = planSync(form, current, previous);
  return { drops: plan.drops, sql: plan.statements.map((s) => s.sql.compile(db).sql) };
};

const base: DbColumn[] = ['id', 'company_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version'].map((name) => ({
  name,
  dataType: name.endsWith('_at') ? 'timestamp with time zone' : name === 'version' ? 'integer' : 'uuid',
  charLength: null,
  precision: null,
  scale: null,
  nullable: !['id', 'company_id'].includes(name),
  default: null,
}));
const col = (name: string, dataType: string, extra: Partial<DbColumn> = {}): DbColumn => ({ name, dataType, charLength: null, precision: null, scale: null, nullable: true, default: null, ...extra });
const companyIndex = { name: 'sx_goods_company', unique: false, columns: ['company_id'] };

describe('DDL planner', () => {
  it('creates a new table with the system columns, every field quoted, and the company index', () => {
    const { sql, drops } = texts(single([field({ name: 'name', type: 'text', length: 30, required: true, defaultValue: "it's" }), field({ name: 'price', type: 'money' })]));
    expect(drops).toEqual([]);
    expect(sql).toEqual([
      'create table "online_data"."goods" (id uuid primary key default gen_random_uuid(), company_id uuid not null references company (id), created_by uuid, created_at timestamptz not null default now(), updated_by uuid, updated_at timestamptz not null default now(), version integer not null default 1, "name" varchar(30) not null default \'it\'\'s\', "price" numeric(14, 2))',
      'create index "sx_goods_company" on "online_data"."goods" ("company_id")',
    ]);
  });

  it('gives a tree its parent columns and index, a child its foreign key (cascade) and (company, fk) index', () => {
    const tree = texts(single([field({ name: 'name', type: 'text' })], { formType: 'tree' })).sql;
    expect(tree[0]).toContain('pid uuid references "online_data"."goods" (id) on delete restrict, has_child boolean not null default false');
    expect(tree).toContain('create index "sx_goods_pid" on "online_data"."goods" ("company_id", "pid")');
    const master = texts(single([field({ name: 'name', type: 'text' })], { formType: 'master', subTables: [{ tableName: 'goods_item', fkField: 'goods_id', fields: [field({ name: 'qty', type: 'number', length: 8 })], indexes: [] }] })).sql;
    expect(master[1]).toContain('"goods_id" uuid not null references "online_data"."goods" (id) on delete cascade');
    expect(master).toContain('create index "sx_goods_item_fk" on "online_data"."goods_item" ("company_id", "goods_id")');
  });

  it('adds, retypes (through text, with the new default after), requires and drops columns', () => {
    const current: DbState = {
      goods: {
        columns: [...base, col('name', 'character varying', { charLength: 100 }), col('qty', 'character varying', { charLength: 20, default: "'1'::character varying" }), col('old', 'text')],
        indexes: [companyIndex],
      },
    };
    const { sql, drops } = texts(
      single([field({ name: 'name', type: 'text', length: 20, required: true }), field({ name: 'qty', type: 'number', length: 10, scale: 2, defaultValue: '2.5' }), field({ name: 'born', type: 'date' })]),
      current,
    );
    expect(drops).toEqual(['goods.old']);
    expect(sql).toEqual([
      'alter table "online_data"."goods" drop column "old"',
      'alter table "online_data"."goods" alter column "name" type varchar(20) using "name"::text',
      'alter table "online_data"."goods" alter column "name" set not null',
      'alter table "online_data"."goods" alter column "qty" drop default',
      'alter table "online_data"."goods" alter column "qty" type numeric(10, 2) using nullif("qty"::text, \'\')::numeric',
      'alter table "online_data"."goods" alter column "qty" set default 2.5',
      'alter table "online_data"."goods" add column "born" date',
    ]);
  });

  it('plans nothing when the database holds the configuration (defaults as PostgreSQL shows them)', () => {
    const current: DbState = {
      goods: {
        columns: [
          ...base,
          col('name', 'character varying', { charLength: 20, nullable: false, default: "'无名'::character varying" }),
          col('qty', 'numeric', { precision: 10, scale: 2, default: '2.5' }),
          col('on', 'boolean', { default: 'true' }),
          col('day', 'date', { default: "'2025-01-31'::date" }),
          col('at', 'timestamp with time zone', { default: "'2025-01-31 02:00:00+00'::timestamp with time zone" }),
        ],
        indexes: [companyIndex, { name: 'ix_goods_name_uq', unique: true, columns: ['company_id', 'name'] }],
      },
    };
    const form = single(
      [
        field({ name: 'name', type: 'text', length: 20, required: true, defaultValue: '无名' }),
        field({ name: 'qty', type: 'number', length: 10, scale: 2, defaultValue: '2.50' }),
        field({ name: 'on', type: 'switch', defaultValue: 'true' }),
        field({ name: 'day', type: 'date', defaultValue: '2025-01-31' }),
        field({ name: 'at', type: 'datetime', defaultValue: '2025-01-31 10:00:00' }),
      ],
      { indexes: [{ name: 'name_uq', fields: ['name'], unique: true }] },
    );
    expect(texts(form, current)).toEqual({ drops: [], sql: [] });
  });

  it('drops and recreates an index whose columns or uniqueness changed, and drops one no longer configured', () => {
    const current: DbState = {
      goods: { columns: [...base, col('name', 'character varying', { charLength: 100 }), col('code', 'character varying', { charLength: 100 })], indexes: [companyIndex, { name: 'ix_goods_a', unique: false, columns: ['name'] }, { name: 'ix_goods_b', unique: false, columns: ['code'] }] },
    };
    const { sql } = texts(single([field({ name: 'name', type: 'text' }), field({ name: 'code', type: 'text' })], { indexes: [{ name: 'a', fields: ['name'], unique: true }] }), current);
    expect(sql).toEqual([
      'drop index "online_data"."ix_goods_a"',
      'drop index "online_data"."ix_goods_b"',
      'create unique index "ix_goods_a" on "online_data"."goods" ("company_id", "name")',
    ]);
  });

  it('rebuilds a unique index made on the column alone with company_id in front, and changes nothing else', () => {
    const current: DbState = {
      goods: { columns: [...base, col('name', 'character varying', { charLength: 10 }), col('old', 'text')], indexes: [companyIndex, { name: 'ix_goods_a', unique: true, columns: ['name'] }] },
    };
    const form = single([field({ name: 'name', type: 'text' })], { indexes: [{ name: 'a', fields: ['name'], unique: true }] });
    expect(planIndexRebuild(form, current).map((s) => s.sql.compile(db).sql)).toEqual([
      'drop index "online_data"."ix_goods_a"',
      'create unique index "ix_goods_a" on "online_data"."goods" ("company_id", "name")',
    ]);
    const rebuilt: DbState = { goods: { ...current.goods!, indexes: [companyIndex, { name: 'ix_goods_a', unique: true, columns: ['company_id', 'name'] }] } };
    expect(planIndexRebuild(form, rebuilt)).toEqual([]);
    expect(indexByName(form, 'ix_goods_a')).toEqual({ table: 'goods', fields: ['name'] });
  });

  it('drops a child table the configuration no longer has, first, and lists it', () => {
    const current: DbState = { goods: { columns: [...base, col('name', 'character varying', { charLength: 100 })], indexes: [companyIndex] }, goods_old: { columns: base, indexes: [] } };
    const { sql, drops } = texts(single([field({ name: 'name', type: 'text' })]), current, ['goods_old']);
    expect(drops).toEqual(['goods_old']);
    expect(sql).toEqual(['drop table "online_data"."goods_old"']);
  });

  it('a tree no longer a tree drops its parent columns (with confirmation)', () => {
    const current: DbState = { goods: { columns: [...base, col('pid', 'uuid'), col('has_child', 'boolean', { default: 'false', nullable: false }), col('name', 'character varying', { charLength: 100 })], indexes: [companyIndex] } };
    expect(texts(single([field({ name: 'name', type: 'text' })]), current).drops).toEqual(['goods.pid', 'goods.has_child']);
  });

  it('quotes whatever name reaches it (the schema refuses such names before)', () => {
    const form = single([{ ...field({ name: 'ab', type: 'text' }), name: 'x"; drop table y; --' }]);
    expect(texts({ ...form, tableName: 'a"b' }).sql[0]).toContain('create table "online_data"."a""b"');
    expect(texts(form).sql[0]).toContain('"x""; drop table y; --" varchar(100)');
  });

  describe('defaults by type', () => {
    const check = (type: OnlineFieldInput['type'], defaultValue: string, extra: Partial<OnlineFieldInput> = {}) => defaultValueOf(field({ name: 'ff', label: '字段', type, defaultValue, ...extra }));
    it('accepts what fits', () => {
      expect(check('number', '-12.50', { length: 6, scale: 2 })).toBe(-12.5);
      expect(check('money', '99999999.99')).toBe(99999999.99);
      expect(check('date', '2024-02-29')).toBe('2024-02-29');
      expect(check('datetime', '2024-02-29 08:30')).toBe('2024-02-29 08:30:00+08');
      expect(check('switch', 'false')).toBe(false);
      expect(check('text', "a'b", { length: 3 })).toBe("a'b");
      expect(check('text', '')).toBeNull();
    });
    it('refuses what does not, naming the field', () => {
      for (const [type, value, extra] of [
        ['number', '1e5', {}],
        ['number', '12abc', {}],
        ['number', '1.234', { scale: 2, length: 10 }],
        ['number', '1000', { length: 5, scale: 2 }],
        ['money', '1.001', {}],
        ['date', '2023-02-29', {}],
        ['date', 'now()', {}],
        ['datetime', '2024-01-01 24:00', {}],
        ['switch', 'yes', {}],
        ['user', 'admin', {}],
        ['text', 'abcd', { length: 3 }],
        ['text', 'a\u0000b', {}],
      ] as const) {
        expect(() => check(type, value, extra), `${type} ${value}`).toThrow(PlanError);
        expect(() => check(type, value, extra)).toThrow('字段「字段」的默认值');
      }
    });
  });

  it('maps each field type to its column type', () => {
    const t = (type: OnlineFieldInput['type'], extra: Partial<OnlineFieldInput> = {}) => columnTypeOf(field({ name: 'ff', type, ...extra }));
    expect(t('textarea', { length: 500 })).toEqual({ dataType: 'character varying', charLength: 500 });
    expect(t('richtext').dataType).toBe('text');
    expect(t('checkbox').dataType).toBe('text');
    expect(t('number')).toEqual({ dataType: 'numeric', precision: 18, scale: 0 });
    expect(t('radio')).toEqual({ dataType: 'character varying', charLength: 64 });
    expect(t('file')).toEqual({ dataType: 'character varying', charLength: 500 });
    expect(t('department').dataType).toBe('uuid');
    expect(() => t('number', { length: 2, scale: 2 })).toThrow(PlanError);
  });

  it('reads defaults as PostgreSQL shows them', () => {
    expect(parseDbDefault("'a''b'::character varying", { dataType: 'character varying', charLength: 10 })).toBe("a'b");
    expect(parseDbDefault('(-1.5)', { dataType: 'numeric', precision: 5, scale: 1 })).toBe(-1.5);
    expect(parseDbDefault('nextval(x)', { dataType: 'character varying', charLength: 10 })).toBeNull();
  });

  it('keeps index names within 63 characters, distinct by a hash', () => {
    const a = physicalIndexName('ix', 'a'.repeat(40), 'b'.repeat(40));
    const b = physicalIndexName('ix', 'a'.repeat(40), `${'b'.repeat(39)}c`);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
  });
});
