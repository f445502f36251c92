import { z } from 'zod';

/** Route meta of a menu item (spec §2, Dynamic routes). */
export const menuMetaSchema = z.object({
  title: z.string(),
  icon: z.string().optional(),
  /** Address of an external link or an iframe page. */
  url: z.string().optional(),
  /** Actions that let a user see this route; empty = no requirement. */
  permissionList: z.array(z.string()).optional(),
  keepAlive: z.boolean().optional(),
  /** true: opens in a new window (external); false: inside the shell (iframe when url is set). */
  internalOrExternal: z.boolean().optional(),
});
export type MenuMeta = z.infer<typeof menuMetaSchema>;

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  /** '0': listed in the menu but not registered as a route (spec §2). */
  route: '0' | '1';
  meta: MenuMeta;
  children?: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    route: z.enum(['0', '1']),
    meta: menuMetaSchema,
    children: z.array(menuItemSchema).optional(),
  }),
);

/**
 * A button / action authorisation (spec §3). type "2" entries are excluded from checks; in the
 * all-auth list status "0" means enabled (spec §5).
 */
export const authEntrySchema = z.object({
  action: z.string(),
  describe: z.string().optional(),
  type: z.string(),
  status: z.string(),
});
export type AuthEntry = z.infer<typeof authEntrySchema>;

export const permissionResultSchema = z.object({
  menu: z.array(menuItemSchema),
  auth: z.array(authEntrySchema),
  allAuth: z.array(authEntrySchema),
});
export type PermissionResult = z.infer<typeof permissionResultSchema>;
