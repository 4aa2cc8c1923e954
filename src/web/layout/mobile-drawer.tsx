import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { MOBILE_DRAWER_ID } from './mobile-drawer-id';
import { SidebarContent } from './sidebar';

/** Tailwind's md breakpoint, where the fixed sidebar takes over from the drawer. */
const DESKTOP = '(min-width: 768px)';

/** Below the md breakpoint the sidebar slides in over a dimmed backdrop; the backdrop, Escape or a link closes it. */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  // Widening the window past md hides the drawer by CSS but would leave it modal (the page aria-hidden, focus
  // trapped in an invisible dialog): close it as soon as the fixed sidebar is on screen.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(DESKTOP);
    const closeOnDesktop = () => {
      if (desktop.matches) onOpenChange(false);
    };
    closeOnDesktop();
    desktop.addEventListener('change', closeOnDesktop);
    return () => desktop.removeEventListener('change', closeOnDesktop);
  }, [open, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="drawer-backdrop"
          className="fixed inset-0 z-40 bg-black/60 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in md:hidden"
        />
        <Dialog.Content
          id={MOBILE_DRAWER_ID}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-64 border-r bg-card shadow-xl motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in md:hidden"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
