import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ButtonSeed } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import type { RegisteredResource } from '../platform/data-rules/index.js';
import type { WorkItemSource, WorkplaceStays } from '../platform/crud/work-items.js';
import type { DB } from '../platform/db/schema.js';
import type { AuthService } from './auth/auth.service.js';
import type { DuplicateCheckDef } from './duplicate-check/index.js';

/** What a module's routes receive: the app's context and the services built once at start-up. */
export interface ModuleContext extends AppContext {
  auth: AuthService;
  /** Every module of the app, for the modules that gather what the others declare (工作台). */
  modules: readonly ServerModule[];
}

/** A module's part of the product menu: the buttons of a menu path, or a new entry under `parent`. */
export interface ModuleMenu {
  /** The menu entry's path (an entry of the product menu, or a new one). */
  path: string;
  buttons?: ButtonSeed[];
  /** For an entry the product menu lacks: the folder it goes under, its title and page. */
  parent?: string;
  title?: string;
  component?: string;
}

/** Work a module runs on an interval on every instance; `start` answers the stopper. */
export interface ModuleJob {
  name: string;
  start: (ctx: AppContext) => () => void;
}

export interface SeedContext {
  db: Kysely<DB>;
  config: AppConfig;
  log: AppContext['log'];
  modules: readonly ServerModule[];
}

/** Data a module writes at start-up; answers what it inserted (logged when truthy). */
export interface ModuleSeed {
  name: string;
  run: (ctx: SeedContext) => Promise<unknown>;
}

/**
 * Everything a module adds to the app, declared in its `<name>.module.ts`. App start-up, the menu
 * and button seed and the checks of `modules.api.test.ts` are assembled from the list of modules
 * (`modules/index.ts`); a new module adds one line there and edits no other central file.
 */
export interface ServerModule {
  name: string;
  /** Its tables (each table of the database belongs to one module or to the platform). */
  tables?: readonly string[];
  menus?: ModuleMenu[];
  routes?: (app: FastifyInstance, ctx: ModuleContext) => unknown;
  /** Data-rule resources whose columns its queries expose. */
  dataRules?: readonly RegisteredResource[];
  /** Table dictionaries it offers (`GET /online/dict/getDictItems/<source>`). */
  dictSources?: readonly string[];
  /** (table, field) pairs the duplicate check may ask about. */
  duplicateChecks?: readonly { tableName: string; fieldName: string; def: DuplicateCheckDef }[];
  jobs?: readonly ModuleJob[];
  /** What it offers 工作台 and 任务: kinds of work waiting (in `WORK_TYPES` order there), today's stays. */
  workplace?: { items?: readonly WorkItemSource[]; stays?: WorkplaceStays };
  /** Run in module order, after migrations, at every start (each seed decides whether it has work). */
  seeds?: readonly ModuleSeed[];
}

export function defineModule(module: ServerModule): ServerModule {
  return module;
}
