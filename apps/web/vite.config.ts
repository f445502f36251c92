import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './vite-plugins/chunk-report';
import { precompress } from './vite-plugins/precompress';

// The dev server forwards API calls and the runtime config to a locally running API server.
const apiServer = 'http://127.0.0.1:8080';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, '');

export default defineConfig({
  base: '/app/',
  plugins: [react(), chunkReport(repoRoot), precompress()],
  server: {
    proxy: {
      '/online': { target: apiServer, ws: true },
      '/cas': apiServer,
      '/sys': apiServer,
      '/app/runtime-config.js': apiServer,
    },
  },
  build: {
    rolldownOptions: {
      experimental: { chunkOptimization: false },
      output: {
        // React changes far less often than our code: its own chunk stays cached across deploys. antd
        // and pro-components are left to the bundler's split so that a route loads only the components
        // it uses (one antd chunk had been 1.8 MB on the sign-in page); scripts/check-web-budget.ts
        // holds the routes to their budgets.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
