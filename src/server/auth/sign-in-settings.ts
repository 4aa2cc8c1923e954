import { isLoopbackHost, type Env } from '../env';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from './sessions';

/** How sign-in behaves in this process (ADR 17), from the environment in main.ts. */
export interface SignInSettings {
  limits: SessionLimits;
  /** SIGN_IN_FRESH_MINUTES: how recent a proof of who holds a session must be to change a way in (ADR 21). */
  freshMinutes: number;
  /**
   * HOST is not a loopback address or ALLOWED_HOSTS names others: before any credential exists, nothing about the
   * patient is served and the setup code from the log comes first.
   */
  beyondLoopback: boolean;
}

export const LOOPBACK_SIGN_IN: SignInSettings = { limits: DEFAULT_SESSION_LIMITS, freshMinutes: 5, beyondLoopback: false };

/**
 * From the environment: reachable beyond loopback when HOST listens on anything but a loopback address (0.0.0.0, a LAN
 * address) or ALLOWED_HOSTS names a host (a reverse proxy's public name, which may forward from anywhere).
 */
export function signInSettingsFor(
  env: Pick<Env, 'HOST' | 'ALLOWED_HOSTS' | 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_DAYS' | 'SIGN_IN_FRESH_MINUTES'>,
): SignInSettings {
  return {
    limits: { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS },
    freshMinutes: env.SIGN_IN_FRESH_MINUTES,
    // HOST is an address to listen on: an IPv6 one comes without brackets ('::1').
    beyondLoopback: !isLoopbackHost(env.HOST === '::1' ? '[::1]' : env.HOST) || env.ALLOWED_HOSTS.length > 0,
  };
}
