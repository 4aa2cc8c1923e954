import { Fingerprint, Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MadeWhileOpenChoice } from '../../../components/sign-in/made-while-open-choice';
import { sessionQuery } from '../../../lib/api/session';
import { formatDate, formatDateTime } from '../../../../shared/rules/formats';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { passkeysSupported } from '../../../lib/passkeys';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useAddPasskey, useRemovePasskey, useRenamePasskey, type Passkey } from '../../../lib/api/security';
import { describeDevice } from '../../../../shared/rules/describe-device';
import { PasskeyNameDialog } from './passkey-name-dialog';

const HEADING_ID = 'passkeys-heading';

interface PasskeysCardProps {
  /** undefined while loading. */
  passkeys: Passkey[] | undefined;
  failed: boolean;
}

/** The main way in (ADR 17): this device's fingerprint, face or screen lock, or a security key. */
export function PasskeysCard({ passkeys, failed }: PasskeysCardProps) {
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useAddPasskey();
  // The first passkey of an open app protects it: what was made while it was open is kept only if the owner says so.
  const open = useQuery(sessionQuery()).data?.access === 'open';
  const [keepMadeWhileOpen, setKeepMadeWhileOpen] = useState(false);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const focus = useReturnFocus(HEADING_ID);
  const supported = passkeysSupported();

  function addNamed(name: string) {
    add.mutate({ name, keepMadeWhileOpen: open ? keepMadeWhileOpen : undefined }, {
      onSuccess: () => {
        setAdding(false);
        toast({ title: 'Passkey added', description: `${name} can now sign you in.` });
      },
      // Cancelled or refused by the browser, or by the server: the dialog stays, to try again or cancel.
      onError: (error) => toast({ title: 'Error', description: `Could not add the passkey: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  function renameTo(name: string) {
    if (!renaming) return;
    rename.mutate(
      { passkeyId: renaming.id, name },
      {
        onSuccess: () => {
          setRenaming(null);
          toast({ title: 'Passkey renamed', description: `It is now called ${name}.` });
        },
        onError: (error) => toast({ title: 'Error', description: `Could not rename the passkey: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  function confirmRemove() {
    if (!removing || remove.isPending) return;
    const { id, name } = removing;
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Passkey removed', description: `${name} no longer signs you in.` }),
      // 409: the last way in, worded by the server.
      onError: (error) => toast({ title: 'Could not remove the passkey', description: serverMessage(error), variant: 'destructive' }),
      onSettled: () => setRemoving(null),
    });
  }

  const addButton = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        focus.remember();
        setAdding(true);
      }}
    >
      <Plus aria-hidden="true" /> Add a passkey
    </Button>
  );

  return (
    <Card aria-busy={!failed && !passkeys}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
            Passkeys
          </CardTitle>
          <CardDescription>Sign in with this device’s fingerprint, face or screen lock: nothing to remember, nothing to phish.</CardDescription>
        </div>
        {supported && addButton}
      </CardHeader>
      <CardContent className="space-y-3">
        {!supported && (
          <p className="text-sm text-muted-foreground">
            Passkeys cannot be added on this page: they need a browser that has them, and HealthAssist opened by a name (such as localhost, not
            127.0.0.1), over https or on this computer. Use a passphrase here meanwhile.
          </p>
        )}
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your passkeys right now.</p>
        ) : !passkeys ? (
          <Skeleton className="h-12 w-full" />
        ) : passkeys.length === 0 ? (
          <EmptyState icon={Fingerprint} title="No passkeys yet" description="Add one to sign in without typing a passphrase." />
        ) : (
          <ul aria-labelledby={HEADING_ID} className="divide-y">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-start justify-between gap-2 py-3 text-sm first:pt-0 last:pb-0">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 break-words font-medium">
                    {passkey.name}
                    {passkey.backedUp && <Badge variant="info">Synced</Badge>}
                  </p>
                  <p className="text-muted-foreground">
                    Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
                  </p>
                </div>
                <RowActions
                  name={passkey.name}
                  editVerb="Rename"
                  onEdit={() => {
                    focus.remember();
                    setRenaming(passkey);
                  }}
                  onRemove={() => {
                    focus.remember();
                    setRemoving(passkey);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <PasskeyNameDialog
        naming={
          adding
            ? {
                title: 'Add a passkey',
                description: 'A name to tell it apart, such as the device it lives on. Your browser then asks to make the passkey.',
                saveLabel: 'Add passkey',
                name: describeDevice(navigator.userAgent),
              }
            : renaming && { title: 'Rename passkey', description: 'The name this passkey goes by in the list.', saveLabel: 'Rename', name: renaming.name }
        }
        aside={adding && open ? <MadeWhileOpenChoice keep={keepMadeWhileOpen} onKeepChange={setKeepMadeWhileOpen} /> : null}
        pending={add.isPending || rename.isPending}
        onSave={adding ? addNamed : renameTo}
        onClose={() => {
          setAdding(false);
          setRenaming(null);
        }}
        onCloseAutoFocus={focus.restore}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        description={removing && `${removing.name} will no longer sign you in. The passkey stays on the device until you delete it there.`}
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}
