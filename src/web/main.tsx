import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/routes';
import { AfterFirstPaint } from './components/ui/after-first-paint';
import { ScreenErrorBoundary } from './layout/screen-error-boundary';
import { followProfileUpdates } from './lib/profile-events';
import { prepareClassMerging } from './lib/cn';
import { prepareDateFormatting } from './lib/intl-data';
import { createQueryClient } from './lib/query-client';
import { ThemeProvider } from './lib/theme';
import './styles.css';

// The toasts' code loads after the first paint (ADR 20); a toast raised before it arrives waits in use-toast's store.
const Toaster = lazy(() => import('./components/ui/toaster'));

const queryClient = createQueryClient();
// For the life of the page, so no screen needs to be mounted for the header and the greeting to follow a save.
followProfileUpdates(queryClient);
prepareClassMerging();
prepareDateFormatting();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {/* Code that loads after the first paint (the header's controls, a dialog, the toasts) and fails to load, as in a
            tab opened before an update, says so and offers 'Reload' instead of leaving a blank page. */}
        <ScreenErrorBoundary resetKey="app" landmark>
          <AppRoutes />
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </AfterFirstPaint>
        </ScreenErrorBoundary>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
