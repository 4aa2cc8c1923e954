import { useEffect, useRef } from 'react';
import { ProtectRecord } from '../../../components/sign-in/protect-record';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * The wizard's answers are stored; while the app is open, its last step offers to protect the record with a
 * passphrase (or a passkey), then shows the recovery codes once. 'Skip for now' leaves it to the banner.
 */
export function ProtectStep({ onDone }: { onDone(): void }) {
  // The wizard's form is gone: the focus starts at this step's title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <Card>
      <CardHeader className="space-y-3">
        <p className="text-sm text-muted-foreground">Last step</p>
        <CardTitle ref={title} tabIndex={-1} className="pt-2 text-lg outline-none">
          Protect your record
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ProtectRecord onDone={onDone}>
          <Button type="button" variant="outline" onClick={onDone}>
            Skip for now
          </Button>
        </ProtectRecord>
      </CardContent>
    </Card>
  );
}
