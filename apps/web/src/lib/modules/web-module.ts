/** A page module as the bundler loads it: its named exports. */
export type PageModule = Record<string, unknown>;

/**
 * What a web module offers the shell: its pages by menu component key (`system/UserList`), each loaded
 * on first visit. A module's `<name>.module.ts` holds nothing else, so reading every manifest at
 * start-up pulls no page code into the first bundle.
 */
export interface WebModule {
  name: string;
  pages: Record<string, () => Promise<PageModule>>;
}

export function defineWebModule(module: WebModule): WebModule {
  return module;
}
