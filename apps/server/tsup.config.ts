import { defineConfig } from 'tsup';

// One ESM bundle: the workspace's shared package is inlined, node_modules stay external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@care/shared'],
});
