import { createContext } from 'react';
import type { RequestClient } from './request';
import type { AppStorage } from './storage';

/** The app's long-lived dependencies, built once in main.tsx and handed down through React. */
export interface Services {
  request: RequestClient;
  storage: AppStorage;
}

export const ServicesContext = createContext<Services | null>(null);
