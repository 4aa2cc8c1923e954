import { DEFAULT_SESSION_LIMITS, type SessionLimits } from './sessions';

/** How sign-in behaves in this process (ADR 17), from the environment in main.ts. */
export interface SignInSettings {
  limits: SessionLimits;
  /**
   * HOST is not a loopback address or ALLOWED_HOSTS names others: before any credential exists, nothing about the
   * patient is served and the setup code from the log comes first.
   */
  beyondLoopback: boolean;
}

export const LOOPBACK_SIGN_IN: SignInSettings = { limits: DEFAULT_SESSION_LIMITS, beyondLoopback: false };
