import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { readDevhostConfig } from './config.ts';
import './styles.css';

// One retry: the local services answer at once or are down; panels poll on their own schedule.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App config={readDevhostConfig()} />
    </QueryClientProvider>
  </StrictMode>,
);
