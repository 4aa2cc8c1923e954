import { AlertCircle } from 'lucide-react';

/**
 * Why a sign-in, setup or protect step did not work, in the server's words ('That did not work: …', 'Too many
 * attempts to sign in: …'); role=alert, so a screen reader says it as it appears.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm font-medium">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
