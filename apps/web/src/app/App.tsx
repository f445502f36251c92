import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ServicesContext, type Services } from '../lib/services';
import { AppRoutes } from './AppRoutes';
import { BASENAME } from './paths';
import { createQueryClient } from './query-client';

export function App({ services }: { services: Services }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
