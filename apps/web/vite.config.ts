import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API calls and the runtime config to a locally running API server.
const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
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
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/, priority: 1 },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
    // antd with pro-components is one chunk of about 1.3 MB (≈400 kB gzip) however it is cut.
    chunkSizeWarningLimit: 1500,
  },
});
