import { Bell, ShieldCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { buttonClass } from '../components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../components/ui/radio-group';
import { useTheme, type Theme } from '../lib/theme';
import { useLeaveForPage } from '../lib/use-heading-focus';
import { DownloadData } from './download-data';
import { LeaveDemo } from './leave-demo';

const choices: readonly { value: Theme; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
  { value: 'system', label: 'System', hint: "Follow this device's setting" },
];

interface SettingsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes on closing: the menu item that opened the dialog is gone by then. */
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}

/**
 * The profile menu's Settings: the theme, all three choices of part 1 §4 (docs/product.md#part-1-4). The sidebar toggle only flips
 * between light and dark, so this is the way back to following the system. A choice applies at once.
 * Sign-in and security have a screen of their own (ADR 17), linked from here, and so have notifications (issue 33).
 */
export default function SettingsDialog({ open, onOpenChange, onCloseAutoFocus }: SettingsDialogProps) {
  const { theme, setTheme } = useTheme();
  // Leaving for the Security or Notifications screen: its heading takes the focus, not the profile button this dialog
  // would return to.
  const { leave, onCloseAutoFocus: leaveFocus } = useLeaveForPage(() => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] max-w-sm overflow-y-auto"
        onCloseAutoFocus={(event) => leaveFocus(event, onCloseAutoFocus)}
      >
        <div className="space-y-1.5 pr-6">
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>How HealthAssist looks on this device, what it reminds you of, who can get in, and whose data it holds.</DialogDescription>
        </div>
        <div className="space-y-3">
          <p id="theme-choice-label" className="text-sm font-medium">
            Theme
          </p>
          <RadioGroup aria-labelledby="theme-choice-label" value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {/* The whole row is the label, so it is one large target; the radio's name is the choice alone. */}
            {choices.map(({ value, label, hint }) => (
              <Label
                key={value}
                htmlFor={`theme-${value}`}
                className="flex cursor-pointer items-center gap-3 rounded-md border p-3 hover:bg-accent has-[[data-state=checked]]:border-primary"
              >
                <RadioGroupItem
                  value={value}
                  id={`theme-${value}`}
                  aria-labelledby={`theme-${value}-name`}
                  aria-describedby={`theme-${value}-hint`}
                />
                <span className="grid gap-1">
                  <span id={`theme-${value}-name`}>{label}</span>
                  <span id={`theme-${value}-hint`} className="text-xs font-normal text-muted-foreground">
                    {hint}
                  </span>
                </span>
              </Label>
            ))}
          </RadioGroup>
        </div>
        <div className="space-y-2 border-t pt-4">
          <p className="text-sm font-medium">Notifications</p>
          <p className="text-sm text-muted-foreground">Which reminders come, quiet hours, and what a message outside the app may say.</p>
          <Link href={paths.notifications} className={buttonClass({ variant: 'outline' })} onClick={leave}>
            <Bell aria-hidden="true" /> Notifications
          </Link>
        </div>
        <div className="space-y-2 border-t pt-4">
          <p className="text-sm font-medium">Sign-in and security</p>
          <p className="text-sm text-muted-foreground">Passkeys, passphrase, recovery codes, sessions and access tokens.</p>
          <Link href={paths.security} className={buttonClass({ variant: 'outline' })} onClick={leave}>
            <ShieldCheck aria-hidden="true" /> Security
          </Link>
        </div>
        <DownloadData />
        <LeaveDemo onLeft={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
