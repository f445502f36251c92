import type { Plugin } from 'vite';

/** One JS chunk of the build, as scripts/check-web-budget.ts reads it. */
export interface ChunkReportEntry {
  file: string;
  /** The module a dynamic import() or the HTML entry loads through this chunk, relative to the repository. */
  facade: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** Chunks loaded with this one (static imports). */
  imports: string[];
  /** Chunks this one may load later (import()). */
  dynamicImports: string[];
  /** Every module bundled into the chunk, relative to the repository (node_modules/<package>/…), with its minified bytes. */
  modules: { id: string; bytes: number }[];
}

export const CHUNK_REPORT_FILE = '.vite/chunks.json';

/**
 * Writes dist/.vite/chunks.json: each chunk with its imports and modules, so the weight check can
 * follow what a route loads and name what sits in it (Vite's manifest lists no modules).
 */
export function chunkReport(root: string): Plugin {
  const relative = (id: string) => (id.startsWith(root) ? id.slice(root.length + 1) : id).replace(/\\/g, '/').replace(/\?.*$/, '');
  return {
    name: 'care:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkReportEntry[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          facade: output.facadeModuleId ? relative(output.facadeModuleId) : null,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds.map((id) => ({ id: relative(id), bytes: output.modules[id]?.renderedLength ?? 0 })),
        });
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_REPORT_FILE, source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}
