import { z } from 'zod';
import { id, instant, requiredText, type Json } from './common';
import {
  ACCESS_EVENT_KINDS,
  ACCESS_TOKEN_DEFAULT_DAYS,
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
  PASSKEY_NAME_MAX_LENGTH,
  PASSPHRASE_MAX_LENGTH,
  passphraseProblem,
} from '../rules/sign-in';

// Sign-in (ADR 17): what the browser learns about its own access, and the bodies of the sign-in and Settings → Security
// routes. Secrets (a passphrase, a code) are bounded here so that no request can make the server hash a megabyte.

/**
 * Where this browser stands (GET /api/session), answered to anyone:
 * - 'open': no credential exists yet and the app is reachable only from this machine: it works as before sign-in;
 * - 'signed-in': a session (or a token) acts for `patientId`;
 * - 'sign-in': a credential exists and this request has no valid session;
 * - 'setup': no credential exists and the app is reachable beyond this machine: the setup code from the server's log
 *   comes first, and nothing about the patient is served.
 */
export const SessionState = z
  .object({
    access: z.enum(['open', 'signed-in', 'sign-in', 'setup']),
    /** The patient this browser acts for; null while it must sign in or set up. */
    patientId: z.number().int().nullable(),
    /** Which ways in the sign-in screen offers; both false while none exists. */
    methods: z.object({ passkey: z.boolean(), passphrase: z.boolean() }),
    /**
     * When a way in was changed from another device while this browser was away (ADR 21): the app says so once
     * signed in. Null when there is nothing to tell.
     */
    credentialsChangedAt: instant.nullable(),
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof SessionState>;

/** What a person typed as a passphrase to sign in: bounded, never trimmed (spaces may be part of it). */
const typedPassphrase = z
  .string({ message: 'is required' })
  .min(1, 'is required')
  .max(PASSPHRASE_MAX_LENGTH * 4, 'is too long');

/** A passphrase being set: the rule of shared/rules/sign-in.ts, in the same words the form shows. */
export const newPassphrase = z.string({ message: 'is required' }).superRefine((value, context) => {
  const problem = passphraseProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A recovery or setup code as typed: spaces, dashes and case are forgiven on the server. */
const typedCode = z.string({ message: 'is required' }).min(1, 'is required').max(64, 'is too long');

/**
 * 'Keep me signed in on this device': the session's cookie outlives the browser. Without it, a new sign-in's cookie
 * ends with the browser, and a sign-in that gives fresh proof keeps the choice of the session it replaces.
 */
const keepSignedIn = z.boolean().optional();

export const PassphraseSignIn = z.object({ passphrase: typedPassphrase, keepSignedIn }).meta({ id: 'PassphraseSignIn' });
export const RecoveryCodeSignIn = z.object({ code: typedCode, keepSignedIn }).meta({ id: 'RecoveryCodeSignIn' });

/** A fresh install reachable beyond loopback: the setup code from the log and the first passphrase, in one request. */
export const SetupWithCode = z.object({ setupCode: typedCode, passphrase: newPassphrase, keepSignedIn }).meta({ id: 'SetupWithCode' });

/** Setting or changing the passphrase (Settings → Security, or "Protect your record" on loopback). */
/**
 * Setting the first way in: keep the tokens and recovery codes made while the app was open (SecurityOverview lists
 * them). Without it they are revoked. Ignored once a way in exists.
 */
const keepMadeWhileOpen = z.boolean().optional();

export const SetPassphrase = z.object({ passphrase: newPassphrase, keepMadeWhileOpen }).meta({ id: 'SetPassphrase' });

/** Ten new one-time codes, shown once: the old ones stop working. */
export const RecoveryCodes = z
  .object({ codes: z.array(z.string()).meta({ description: "Each 'XXXX-XXXX-XXXX-XXXX'; never shown again" }) })
  .meta({ id: 'RecoveryCodes' });

export const PasskeySummary = z
  .object({
    id,
    name: z.string(),
    backedUp: z.boolean().meta({ description: 'Synced to the patient’s other devices' }),
    createdAt: instant,
    lastUsedAt: instant.nullable(),
  })
  .meta({ id: 'PasskeySummary' });

/** What Settings → Security shows at the top: the ways in that exist. */
export const SecurityOverview = z
  .object({
    passphraseSet: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(PasskeySummary),
    /**
     * Tokens and unused recovery codes made while the app was open (anyone on this machine could have made them):
     * setting the first way in revokes them unless `keepMadeWhileOpen` says to keep them.
     */
    madeWhileOpen: z.object({
      tokens: z.array(z.object({ id, name: z.string(), createdAt: instant })),
      recoveryCodes: z.number().int(),
    }),
  })
  .meta({ id: 'SecurityOverview' });
export type SecurityOverview = Json<typeof SecurityOverview>;

export const passkeyName = requiredText('is required', PASSKEY_NAME_MAX_LENGTH);
export const RenamePasskey = z.object({ name: passkeyName }).meta({ id: 'RenamePasskey' });

/**
 * A WebAuthn ceremony's answer from the browser (@simplewebauthn/browser's JSON), checked by @simplewebauthn/server;
 * only its outer shape is a contract here.
 */
const webAuthnResponse = z.looseObject({ id: z.string().max(2048), rawId: z.string().max(2048), type: z.literal('public-key') });
export const PasskeyRegistration = z.object({ name: passkeyName, response: webAuthnResponse, keepMadeWhileOpen }).meta({ id: 'PasskeyRegistration' });
export const PasskeySignIn = z.object({ response: webAuthnResponse, keepSignedIn }).meta({ id: 'PasskeySignIn' });
/** The options for navigator.credentials.create()/get(), as @simplewebauthn/server writes them. */
export const PasskeyOptions = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyOptions' });

export const SessionSummary = z
  .object({
    current: z.boolean().meta({ description: 'The session that asks' }),
    userAgent: z.string().nullable(),
    clientAddress: z.string().nullable(),
    createdAt: instant,
    lastSeenAt: instant,
  })
  .meta({ id: 'SessionSummary' });
export const SessionList = z.array(SessionSummary).meta({ id: 'SessionList' });
export const EndedSessions = z.object({ ended: z.number().int() }).meta({ id: 'EndedSessions' });

export const AccessEvent = z
  .object({
    id,
    kind: z.enum(ACCESS_EVENT_KINDS),
    at: instant,
    userAgent: z.string().nullable(),
    clientAddress: z.string().nullable(),
  })
  .meta({ id: 'AccessEvent' });
export const AccessLog = z.array(AccessEvent).meta({ id: 'AccessLog' });

export const accessTokenName = requiredText('is required', ACCESS_TOKEN_NAME_MAX_LENGTH);
/** Days until a new token stops working: absent is 30, null is never. */
const accessTokenLife = z
  .int('must be a whole number of days or null')
  .min(1, 'must be at least 1 day')
  .max(ACCESS_TOKEN_MAX_DAYS, `must be at most ${ACCESS_TOKEN_MAX_DAYS} days`)
  .nullable()
  .default(ACCESS_TOKEN_DEFAULT_DAYS)
  .meta({ description: `Days until it stops working, 1–${ACCESS_TOKEN_MAX_DAYS}; null: never. ${ACCESS_TOKEN_DEFAULT_DAYS} when left out` });
export const NewAccessTokenInput = z
  .object({ name: accessTokenName, scope: z.enum(ACCESS_TOKEN_SCOPES), expiresInDays: accessTokenLife })
  .meta({ id: 'NewAccessTokenInput' });
export const AccessTokenSummary = z
  .object({
    id,
    name: z.string(),
    scope: z.enum(ACCESS_TOKEN_SCOPES),
    createdAt: instant,
    lastUsedAt: instant.nullable(),
    revokedAt: instant.nullable(),
    /** After this it opens nothing; null: it never expires. */
    expiresAt: instant.nullable(),
  })
  .meta({ id: 'AccessTokenSummary' });
export const AccessTokenList = z.array(AccessTokenSummary).meta({ id: 'AccessTokenList' });
export const CreatedAccessToken = AccessTokenSummary.extend({
  token: z.string().meta({ description: "'ha_pat_…': shown once, sent as 'Authorization: Bearer …'" }),
}).meta({ id: 'CreatedAccessToken' });
