import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { CredentialsChangedBanner } from './credentials-changed-banner';
import { FreshProofHost } from './fresh-proof-host';
import { SIGN_IN_NOTICES_SLOT } from './sign-in-notices-slot';

/**
 * What only a change of a way in needs (ADR 21), loaded with the header's controls after the first paint: the notice
 * of a change made from another device, shown in the layout's slot below the header, and where 'Confirm it’s you'
 * appears (a dialog, so its place in the page does not matter).
 */
export function SignInNotices() {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(SIGN_IN_NOTICES_SLOT)), []);
  return (
    <>
      {slot && createPortal(<CredentialsChangedBanner />, slot)}
      <FreshProofHost />
    </>
  );
}
