import { Dialog } from 'radix-ui';
import { SidebarContent } from './sidebar';

/** Below the md breakpoint the sidebar slides in over a dimmed backdrop; the backdrop, Escape or a link closes it. */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-backdrop" className="fixed inset-0 z-40 bg-black/60 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-64 border-r bg-card shadow-xl transition-transform data-[state=closed]:-translate-x-full md:hidden"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
