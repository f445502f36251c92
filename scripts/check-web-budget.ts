// Reads the web build (apps/web/dist, after `npm run build`) and holds its routes to their weight
// budgets (issue 14): what the sign-in page downloads, what the shell after sign-in downloads, what a
// page adds. Sizes are the gzip copies the build ships (vite-plugins/precompress.ts). Run by `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Issue 14's budgets, gzip KB of JS. */
export const BUDGET_KB = {
  /** Every JS file a first visit to /app/user/login downloads. */
  signIn: 170,
  /** Every JS file a signed-in (re)load of the home page downloads: entry, auth contracts, layout, menu, tabs, header, 首页. */
  shell: 350,
  /** Any one chunk a page loads beyond the shell. */
  pageChunk: 120,
} as const;

/** Libraries the sign-in route must not load: list and form kits, charts. */
const NOT_ON_SIGN_IN = /^node_modules\/(@ant-design\/pro-[^/]+|echarts|zrender|@antv|@ant-design\/(charts|plots)|recharts|chart\.js)\//;
/** Charts load only with the pages that draw them. */
const CHARTS = /^node_modules\/(echarts|zrender|@antv|@ant-design\/(charts|plots)|recharts|chart\.js)\//;

const SIGN_IN_PAGE = 'apps/web/src/modules/auth/LoginPage.tsx';
const SHELL = 'apps/web/src/layouts/BasicLayout.tsx';
const HOME_PAGE = 'apps/web/src/modules/dashboard/Analysis.tsx';
/** Loaded by every signed-in start with the permissions (lib/auth-api.ts), so counted with the shell. */
const AUTH_CONTRACTS = 'apps/web/src/lib/auth-contract.ts';

interface Chunk {
  file: string;
  facade: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: { id: string; bytes: number }[];
}

export interface RouteWeight {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface WebWeight {
  signIn: RouteWeight;
  shell: RouteWeight;
  /** Per page (facade module): the chunks it loads beyond the shell. */
  pages: { page: string; extra: RouteWeight; largest: { file: string; gzipBytes: number } | null }[];
  problems: string[];
}

export function measureWebWeight(dist: string): WebWeight {
  const reportFile = path.join(dist, '.vite', 'chunks.json');
  if (!fs.existsSync(reportFile)) throw new Error(`${reportFile} is missing: run \`npm run build\` first`);
  const chunks = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Chunk[];
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const problems: string[] = [];

  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const full = path.join(dist, file);
      const source = fs.readFileSync(full);
      const compressed = (suffix: string, make: () => Buffer) => (fs.existsSync(full + suffix) ? fs.statSync(full + suffix).size : make().length);
      size = {
        raw: source.length,
        gzip: compressed('.gz', () => zlib.gzipSync(source, { level: 9 })),
        brotli: compressed('.br', () => zlib.brotliCompressSync(source)),
      };
      sizes.set(file, size);
    }
    return size;
  };
  // A chunk whose modules all went to a group (vite.config.ts) is left empty and not written.
  const written = (file: string) => fs.existsSync(path.join(dist, file));
  const weigh = (files: Iterable<string>): RouteWeight => {
    const list = [...files].filter(written).sort();
    return list.reduce<RouteWeight>(
      (sum, file) => {
        const size = sizeOf(file);
        return { files: list, rawBytes: sum.rawBytes + size.raw, gzipBytes: sum.gzipBytes + size.gzip, brotliBytes: sum.brotliBytes + size.brotli };
      },
      { files: list, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 },
    );
  };
  // A chunk and everything it imports statically: what the browser fetches together (modulepreload).
  const closure = (start: Chunk | undefined, into = new Set<string>()): Set<string> => {
    if (!start || into.has(start.file)) return into;
    into.add(start.file);
    for (const file of start.imports) closure(byFile.get(file), into);
    return into;
  };
  const byFacade = (facade: string) => {
    const chunk = chunks.find((c) => c.facade === facade);
    if (!chunk) problems.push(`no chunk of its own for ${facade} (is it still loaded lazily?)`);
    return chunk;
  };
  const modulesOf = (files: Set<string>) => [...files].flatMap((file) => (byFile.get(file)?.modules ?? []).map((m) => m.id));

  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) problems.push(`expected one entry chunk, found ${entries.length}`);
  const entry = closure(entries[0]);
  const signInFiles = closure(byFacade(SIGN_IN_PAGE), new Set(entry));
  const shellFiles = closure(byFacade(AUTH_CONTRACTS), closure(byFacade(HOME_PAGE), closure(byFacade(SHELL), new Set(entry))));

  const signIn = weigh(signInFiles);
  const shell = weigh(shellFiles);
  if (signIn.gzipBytes > BUDGET_KB.signIn * 1024) problems.push(`sign-in route: ${kb(signIn.gzipBytes)} KB gzip of JS > ${BUDGET_KB.signIn} KB`);
  if (shell.gzipBytes > BUDGET_KB.shell * 1024) problems.push(`shell after sign-in: ${kb(shell.gzipBytes)} KB gzip of JS > ${BUDGET_KB.shell} KB`);

  const signInModules = modulesOf(signInFiles);
  const heavy = signInModules.filter((id) => NOT_ON_SIGN_IN.test(id));
  if (heavy.length) problems.push(`sign-in route loads ${packagesOf(heavy).join(', ')}`);
  // Module manifests (<name>.module.ts) hold only the lazy loaders of their pages.
  const pagesOnSignIn = signInModules.filter((id) => id.startsWith('apps/web/src/modules/') && !id.startsWith('apps/web/src/modules/auth/') && !id.endsWith('.module.ts'));
  if (pagesOnSignIn.length) problems.push(`sign-in route loads page code: ${pagesOnSignIn.slice(0, 5).join(', ')}`);
  const charts = modulesOf(shellFiles).filter((id) => CHARTS.test(id));
  if (charts.length) problems.push(`the shell loads charts (${packagesOf(charts).join(', ')}): load them with the pages that draw them`);

  const pages = chunks
    .filter((chunk) => chunk.isDynamicEntry && chunk.facade?.startsWith('apps/web/src/modules/') && chunk.facade !== SIGN_IN_PAGE)
    .map((chunk) => {
      const extraFiles = [...closure(chunk)].filter((file) => !shellFiles.has(file));
      const largest = extraFiles.map((file) => ({ file, gzipBytes: sizeOf(file).gzip })).sort((a, b) => b.gzipBytes - a.gzipBytes)[0] ?? null;
      if (largest && largest.gzipBytes > BUDGET_KB.pageChunk * 1024) {
        problems.push(`${chunk.facade} loads ${largest.file}: ${kb(largest.gzipBytes)} KB gzip > ${BUDGET_KB.pageChunk} KB`);
      }
      return { page: chunk.facade ?? chunk.file, extra: weigh(extraFiles), largest };
    })
    .sort((a, b) => b.extra.gzipBytes - a.extra.gzipBytes);

  return { signIn, shell, pages, problems };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function packagesOf(ids: string[]): string[] {
  return [...new Set(ids.map((id) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id))];
}

function main() {
  const dist = path.resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
  const weight = measureWebWeight(dist);
  const line = (name: string, w: RouteWeight, budget?: number) =>
    `${name.padEnd(44)} ${kb(w.rawBytes).padStart(8)} KB  ${kb(w.gzipBytes).padStart(7)} KB gzip  ${kb(w.brotliBytes).padStart(7)} KB br  ${String(w.files.length).padStart(3)} files${budget ? `  (budget ${budget} KB gzip)` : ''}`;
  console.log(line('sign-in route', weight.signIn, BUDGET_KB.signIn));
  console.log(line('shell after sign-in (entry, layout, home)', weight.shell, BUDGET_KB.shell));
  for (const page of weight.pages.slice(0, 8)) {
    console.log(line(`  + ${page.page.replace('apps/web/src/modules/', '')}`, page.extra));
  }
  const largest = weight.pages.map((p) => p.largest).filter((l) => l !== null).sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  if (largest) console.log(`largest chunk a page adds: ${largest.file} ${kb(largest.gzipBytes)} KB gzip (budget ${BUDGET_KB.pageChunk} KB)`);
  if (weight.problems.length) {
    console.error(`\nweb weight budget exceeded:\n- ${weight.problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('web weight budgets met');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
