import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { createServices } from './app/create-services';
import { RuntimeConfigMissing } from './app/RuntimeConfigMissing';
import { readRuntimeConfig } from './lib/runtime-config';
import './global.css';

dayjs.locale('zh-cn');

const runtimeConfig = readRuntimeConfig();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>{runtimeConfig ? <App services={createServices(runtimeConfig)} /> : <RuntimeConfigMissing />}</AppProviders>
  </StrictMode>,
);
