import { lazy, Suspense } from 'react';
import { AfterFirstPaint } from '../components/ui/after-first-paint';

// The controls load once the page is on screen (ADR 20); until they arrive the bar shows at its full height, empty.
const HeaderControls = lazy(() => import('./header-controls'));

export interface HeaderProps {
  drawerOpen: boolean;
  onOpenMenu(): void;
}

export function Header(props: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur md:px-6">
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <HeaderControls {...props} />
        </Suspense>
      </AfterFirstPaint>
    </header>
  );
}
