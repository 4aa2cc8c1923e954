import { useState, type ReactNode } from 'react';
import { Header } from './header';
import { MobileDrawer } from './mobile-drawer';
import { ProtectBanner } from './protect-banner';
import { SidebarContent } from './sidebar';

/** Sidebar and header around every screen except onboarding. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
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
      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <div className="md:pl-64">
        <Header drawerOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
        <ProtectBanner />
        <main id="main" className="mx-auto w-full max-w-6xl p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
