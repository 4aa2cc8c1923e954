import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Tooltip } from 'radix-ui';
import { AppRoutes } from './app/routes';
import { Toaster } from './components/ui/toaster';
import { followProfileUpdates } from './lib/profile-events';
import { createQueryClient } from './lib/query-client';
import { ThemeProvider } from './lib/theme';
import './styles.css';

const queryClient = createQueryClient();
// For the life of the page, so no screen needs to be mounted for the header and the greeting to follow a save.
followProfileUpdates(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <AppRoutes />
          <Toaster />
        </Tooltip.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
