import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './vite-plugins/chunk-report';
import { precompress } from './vite-plugins/precompress';

// The dev server forwards API calls and the runtime config to a locally running API server.
const apiServer = 'http://127.0.0.1:8080';
// ECharts modules kept out of the `echarts` chunk (the code-splitting groups below): the tooltip with its
// axis pointer, and the pie with the modules only it uses.
const echartsTooltip = /node_modules[\\/]echarts[\\/]lib[\\/]component[\\/](tooltip|axisPointer)[\\/]/;
const echartsPie = /node_modules[\\/]echarts[\\/]lib[\\/](chart[\\/]pie[\\/]|chart[\\/]helper[\\/]createSeriesDataSimply|processor[\\/](dataFilter|negativeDataFilter)|visual[\\/]LegendVisualProvider|label[\\/]labelGuideHelper)/;
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
      // rc-* components declare no `sideEffects` but have none: without this, antd Input brought all
      // of rc-field-form (antd's form context imports its index) to the sign-in page.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/, sideEffects: false }],
      },
      output: {
        // React changes far less often than our code: its own chunk stays cached across deploys. What
        // the entry loads statically (every route's start: antd's core, the request layer, the router)
        // is one chunk rather than dozens of small ones, which compress worse and cost a request each.
        // antd and pro-components are otherwise left to the bundler's split, so that a route loads only
        // the components it uses; pro-field's colour picker stack (sketch-color, reactcss, tinycolor2,
        // lodash) is apart from the rest of pro-components, which keeps each chunk a list page adds
        // under the page budget. scripts/check-web-budget.ts holds the routes to their budgets.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'start', tags: ['$initial'] },
            { name: 'pro-color', test: /node_modules[\\/](@chenshuai2144[\\/]sketch-color|reactcss|tinycolor2|lodash)[\\/]/ },
            // ECharts (BI, 分析页's trends, big screens) in chunks that only chart pages load, each under
            // the page budget: the renderer (zrender), the charts, and their tooltip apart (the pie's use of
            // shared helpers took the charts' chunk just over). The pie's own modules (bi/charts/PieEChart.tsx:
            // only the online report draws one) in a chunk of their own. Both groups come after `echarts`:
            // a group also takes the modules its own import, and those belong to the shared charts.
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/ },
            { name: 'echarts', test: (id) => /node_modules[\\/]echarts[\\/]/.test(id) && !echartsTooltip.test(id) && !echartsPie.test(id) },
            { name: 'echarts-tooltip', test: echartsTooltip },
            { name: 'echarts-pie', test: echartsPie },
            // The rich-text editor (components/rich-text) in two chunks under the page budget: ProseMirror, and Tiptap with the editor.
            { name: 'prosemirror', test: /node_modules[\\/](prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname)[\\/]/ },
          ],
        },
      },
    },
  },
});
