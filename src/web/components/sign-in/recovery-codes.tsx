import { Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { serverMessage } from '../../lib/api-client';
import type { useMakeRecoveryCodes } from '../../lib/api/security';
import { copyText, downloadText } from '../../lib/copy-text';
import { Button } from '../ui/button';
import { FormAlert } from './form-alert';

const asText = (codes: readonly string[]) =>
  ['HealthAssist recovery codes', 'Each code signs you in once. Keep them somewhere safe.', '', ...codes, ''].join('\n');

interface RecoveryCodesProps {
  codes: readonly string[];
  /** 'I have saved my recovery codes': the only way on, as the codes are never shown again. */
  onSaved(): void;
}

/** The ten recovery codes just made, shown once: copy them or download them, then say they are saved. */
export function RecoveryCodes({ codes, onSaved }: RecoveryCodesProps) {
  // The step replaces the form that was focused: the focus moves to its start, so a screen reader reads on from there.
  const start = useRef<HTMLParagraphElement>(null);
  useEffect(() => start.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p ref={start} tabIndex={-1} className="text-sm text-muted-foreground outline-none">
        Save your recovery codes. If you lose your passphrase and passkeys, each of these codes signs you in once. Keep them somewhere safe, away
        from this device: they are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button variant="outline" onClick={() => downloadText(asText(codes), 'healthassist-recovery-codes.txt')}>
          <Download aria-hidden="true" /> Download
        </Button>
        <Button className="sm:ml-auto" onClick={onSaved}>
          I have saved my recovery codes
        </Button>
      </div>
    </div>
  );
}

interface RecoveryCodesStepProps {
  /** The codes being made: the caller starts it once a way in is set. */
  making: ReturnType<typeof useMakeRecoveryCodes>;
  /** What shows while they are made, or could not be. */
  intro: string;
  onSaved(): void;
}

/** The step after a way in is set (setup, "Protect your record"): the codes being made, or why not and Try again; then the codes. */
export function RecoveryCodesStep({ making, intro, onSaved }: RecoveryCodesStepProps) {
  if (making.data) return <RecoveryCodes codes={making.data.codes} onSaved={onSaved} />;
  return (
    <div className="space-y-4" aria-busy={making.isPending || undefined}>
      <p className="text-sm text-muted-foreground">{intro}</p>
      <FormAlert message={making.isError ? `Could not make the recovery codes: ${serverMessage(making.error)}` : null} />
      {making.isError && <Button onClick={() => making.mutate()}>Try again</Button>}
    </div>
  );
}
