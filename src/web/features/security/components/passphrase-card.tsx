import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { PassphraseDialog } from './passphrase-dialog';

const HEADING_ID = 'passphrase-heading';

interface PassphraseCardProps {
  /** undefined while loading. */
  passphraseSet: boolean | undefined;
}

/** The fallback way in (ADR 17): set one, or change it; either ends every other session. */
export function PassphraseCard({ passphraseSet }: PassphraseCardProps) {
  const [open, setOpen] = useState(false);
  const focus = useReturnFocus(HEADING_ID);
  return (
    <Card aria-busy={passphraseSet === undefined}>
      <CardHeader>
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Passphrase
        </CardTitle>
        <CardDescription>For a browser or device without passkeys.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{passphraseSet === undefined ? 'Loading…' : passphraseSet ? 'A passphrase is set.' : 'No passphrase yet.'}</p>
        {passphraseSet !== undefined && (
          <Button
            variant="outline"
            onClick={() => {
              focus.remember();
              setOpen(true);
            }}
          >
            {passphraseSet ? 'Change passphrase' : 'Set a passphrase'}
          </Button>
        )}
      </CardContent>
      <PassphraseDialog open={open} passphraseSet={passphraseSet ?? false} onClose={() => setOpen(false)} onCloseAutoFocus={focus.restore} />
    </Card>
  );
}
