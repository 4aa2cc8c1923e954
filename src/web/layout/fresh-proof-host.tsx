import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isProofAsked, subscribeToProof } from '../lib/fresh-proof';

// The dialog loads the first time a change asks for fresh proof, not with the first paint (ADR 20).
const FreshProofDialog = lazy(() => import('../components/sign-in/fresh-proof-dialog'));

/** Where 'Confirm it’s you' appears when a change needs fresh proof (lib/fresh-proof.ts). */
export function FreshProofHost() {
  const asked = useSyncExternalStore(subscribeToProof, isProofAsked);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <FreshProofDialog />
    </Suspense>
  );
}
