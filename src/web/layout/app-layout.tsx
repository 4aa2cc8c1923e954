import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';
import { Header } from './header';
import { ProtectBanner } from './protect-banner';
import { SIGN_IN_NOTICES_SLOT } from './sign-in-notices-slot';
import { SidebarContent } from './sidebar';

// A phone's drawer loads when first opened, not with the first paint (ADR 20).
const MobileDrawer = lazy(() => import('./mobile-drawer'));

/** Sidebar and header around every screen except onboarding. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-64 border-r bg-card md:block">
        <SidebarContent />
      </aside>
      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
      <div className="md:pl-64">
        <Header drawerOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
        <ProtectBanner />
        {/* The notice of a way in changed elsewhere comes with the header's controls (layout/sign-in-notices.tsx). */}
        <div id={SIGN_IN_NOTICES_SLOT} />
        <main id="main" className="mx-auto w-full max-w-6xl p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
