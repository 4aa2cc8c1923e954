import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * A passkey authenticator built into this "device" (DevTools protocol, WebAuthn domain): a platform authenticator that
 * holds discoverable credentials and verifies the user at once, fingerprint always accepted.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The credentials the authenticator holds now. */
export async function credentialsOf({ cdp, authenticatorId }: VirtualAuthenticator) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}
