import { useQuery } from '@tanstack/react-query';
import { LogOut, Menu, Settings, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/paths';
import { Avatar, AvatarFallback, AvatarImage } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { Tooltip } from '../components/ui/tooltip';
import TooltipProvider from '../components/ui/tooltip-provider';
import { toast } from '../components/ui/use-toast';
import { sessionQuery } from '../lib/api/session';
import { useSignOut } from '../lib/api/sign-in';
import { userQuery } from '../lib/api/users';
import { serverMessage } from '../lib/api-client';
import { usePatientId } from '../lib/patient-id';
import { initials } from '../lib/initials';
import { useOpenedOnce } from '../lib/use-opened-once';
import type { HeaderProps } from './header';
import { MOBILE_DRAWER_ID } from './mobile-drawer-id';
import { SignInNotices } from './sign-in-notices';

// Loaded when first opened (ADR 20).
const SettingsDialog = lazy(() => import('./settings-dialog'));
// The bell, its count and its panel (issue 33): a chunk of their own, asked for as these controls render. In this
// chunk their code would lengthen the list of files the first paint's script names for it (ADR 20's budget).
const NotificationsBell = lazy(() => import('./notifications-bell'));

/**
 * What the header holds: the phone's menu button, the bell and the profile menu, each icon-only control with its
 * tooltip. Loaded after the first paint (ADR 20): Radix's menu and tooltip code are not needed to draw the page. The
 * sign-in notices come with it (a way in changed elsewhere, 'Confirm it’s you').
 */
export default function HeaderControls({ drawerOpen, onOpenMenu }: HeaderProps) {
  const patientId = usePatientId();
  const [, navigate] = useLocation();
  const { data: user } = useQuery(userQuery(patientId));
  const { data: session } = useQuery(sessionQuery());
  const signOut = useSignOut();
  // While the app is open (no passphrase or passkey yet) there is no session to end: Logout shows, disabled.
  const canSignOut = session?.access === 'signed-in';
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsOpened = useOpenedOnce(settingsOpen);
  const profileTrigger = useRef<HTMLButtonElement>(null);

  // The cached patient only: profile-updated events are written into it (lib/profile-events.ts).
  // Empty while the user loads or when loading failed: then the header speaks of "your profile" generically.
  const name = (user?.displayName ?? '').trim();
  const email = user?.email ?? '';
  const avatarUrl = user?.avatarUrl;
  // The name says whose menu it is; the initials and photo are a picture of the same, so they stay out of it.
  const profileLabel = name ? `Profile menu for ${name}` : 'Profile menu';

  return (
    <TooltipProvider>
      <Tooltip label="Open menu">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? MOBILE_DRAWER_ID : undefined}
          onClick={onOpenMenu}
        >
          <Menu aria-hidden="true" />
        </Button>
      </Tooltip>
      <div className="flex-1" />
      <Suspense fallback={null}>
        <NotificationsBell />
      </Suspense>
      <DropdownMenu>
        <Tooltip label={profileLabel}>
          <DropdownMenuTrigger asChild>
            <Button ref={profileTrigger} variant="ghost" size="icon" className="rounded-full" aria-label={profileLabel}>
              <Avatar aria-hidden="true">
                {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
                <AvatarFallback>{name ? initials(name) : <UserRound className="size-5" />}</AvatarFallback>
              </Avatar>
            </Button>
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <p className="font-medium">{name || 'Your profile'}</p>
            {email && <p className="text-xs text-muted-foreground">{email}</p>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(paths.profile)}>
            <UserRound aria-hidden="true" /> Edit Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
            <Settings aria-hidden="true" /> Settings
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {/* The session ends on the server; the gate then shows the sign-in screen (lib/api/session.ts). */}
          <DropdownMenuItem
            disabled={!canSignOut || signOut.isPending}
            onSelect={() =>
              signOut.mutate(undefined, {
                onError: (error) => toast({ title: 'Error', description: `Could not log out: ${serverMessage(error)}`, variant: 'destructive' }),
              })
            }
          >
            <LogOut aria-hidden="true" /> Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {settingsOpened && (
        <Suspense fallback={null}>
          <SettingsDialog
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              profileTrigger.current?.focus();
            }}
          />
        </Suspense>
      )}
      <SignInNotices />
    </TooltipProvider>
  );
}
