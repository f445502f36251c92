import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { createServices } from './app/create-services';
import { readRuntimeConfig } from './lib/runtime-config';
import './global.css';

dayjs.locale('zh-cn');

// Only a broken deployment shows it: not part of every start's download.
const RuntimeConfigMissing = lazy(() => import('./app/RuntimeConfigMissing').then((m) => ({ default: m.RuntimeConfigMissing })));

const runtimeConfig = readRuntimeConfig();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>{runtimeConfig ? <App services={createServices(runtimeConfig)} /> : <Suspense><RuntimeConfigMissing /></Suspense>}</AppProviders>
  </StrictMode>,
);
