import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useMakeRecoveryCodes } from '../../../lib/api/security';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

const HEADING_ID = 'recovery-codes-heading';
const CODES_MADE = 10;

/** How many one-time recovery codes are left, and ten new ones (the old ones stop working). */
export function RecoveryCodesCard({ left }: { left: number | undefined }) {
  const make = useMakeRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const focus = useReturnFocus(HEADING_ID);

  function makeCodes() {
    if (make.isPending) return;
    make.mutate(undefined, {
      onSuccess: (made) => setCodes(made.codes),
      onError: (error) => toast({ title: 'Error', description: `Could not make recovery codes: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: () => setAsking(false),
    });
  }

  return (
    <Card aria-busy={left === undefined}>
      <CardHeader>
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Recovery codes
        </CardTitle>
        <CardDescription>One-time codes that let you in when you have neither a passkey nor your passphrase at hand.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm">
          <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
          {left === undefined ? 'Loading…' : `${left} of ${CODES_MADE} left`}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            focus.remember();
            // With none left there is nothing to lose: no question first.
            if (left) setAsking(true);
            else makeCodes();
          }}
        >
          Make new recovery codes
        </Button>
      </CardContent>
      <ConfirmDialog
        open={asking}
        title="Make new recovery codes?"
        description="The codes you have now stop working at once. You get ten new ones, shown only once."
        confirmLabel="Make new codes"
        confirmVariant="default"
        pending={make.isPending}
        onConfirm={makeCodes}
        onClose={() => setAsking(false)}
        onCloseAutoFocus={(event) => {
          // The codes' dialog opens next and takes the focus itself.
          if (codes) event.preventDefault();
          else focus.restore(event);
        }}
      />
      <RecoveryCodesDialog
        codes={codes}
        onDone={() => setCodes(null)}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}
