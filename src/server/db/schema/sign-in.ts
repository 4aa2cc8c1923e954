import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  ACCESS_EVENT_KINDS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
  type AccessEventKind,
  type AccessTokenScope,
  PASSKEY_NAME_MAX_LENGTH,
} from '../../../shared/rules/sign-in';
import { isOneOf } from './checks';

// Sign-in (ADR 17): sessions kept on the server, recovery codes, the access log, the limit on guessing, the setup
// code and personal access tokens. Every secret is stored only as its SHA-256 (auth/secrets.ts): a copy of the
// database opens no session, spends no code and calls no API.
//
// The way in is not data (ADR 21): every table here hangs off `accounts`, never off the patient's row in `users`.
// Leaving the demo, restoring a backup or importing a record removes and writes patient rows; none of them reaches
// a passphrase, a passkey, a code, a session, a token or the access log. The `user_id` columns name an account.

/** What a client sends about itself, kept short: enough to tell the patient's devices apart. */
const USER_AGENT_MAX_LENGTH = 512;
const CLIENT_ADDRESS_MAX_LENGTH = 64;

/**
 * The install's account: who may sign in, apart from the record it opens. Its id is the id of the patient it acts
 * for (one account, one patient today), with no foreign key to `users`: that patient may not exist yet (a passphrase
 * set before onboarding), or be removed and made again (leaving the demo) while the account and its ways in stay.
 */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  /** The passphrase's scrypt hash in PHC form (auth/passphrase.ts), never the passphrase; null until one is set. */
  passwordHash: text('password_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id its cookie holds. */
    idHash: text('id_hash').primaryKey(),
    /** The account that signed in. */
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The patient the session acts for: the account's own today. No foreign key: leaving the demo removes that
     * patient's row, and the session lives on into onboarding, which makes it again.
     */
    patientId: integer('patient_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last fresh proof of who holds the session: the sign-in, or the passphrase or a passkey given again since.
     * Changing a way in, or wiping the record, needs one within SIGN_IN_FRESH_MINUTES (auth/fresh-proof.ts).
     */
    provedAt: timestamp('proved_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'Keep me signed in on this device': the cookie outlives the browser; without it, it ends with the browser. */
    persistent: boolean('persistent').notNull().default(true),
    /**
     * When a way in was changed from another device while this browser was away (its device cookie said so at
     * sign-in): GET /api/session tells it once signed in. Null: nothing to tell.
     */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }),
    /** Written at most once a minute (auth/sessions.ts): the idle timeout counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however busy the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.lastSeenAt.desc().nullsFirst()),
    check('sessions_user_agent_check', sql`length(${t.userAgent}) <= ${sql.raw(String(USER_AGENT_MAX_LENGTH))}`),
    check('sessions_client_address_check', sql`length(${t.clientAddress}) <= ${sql.raw(String(CLIENT_ADDRESS_MAX_LENGTH))}`),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code's one spelling (auth/secrets.ts hashCode). */
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept once used, so that the access log can say a code was spent; a used code never opens a session again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Made while the app was open (no credential yet, loopback): the first credential's setting lists it with a warning. */
    madeWhileOpen: boolean('made_while_open').notNull().default(false),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const accessEvents = pgTable(
  'access_events',
  {
    id: serial('id').primaryKey(),
    /**
     * Null for what happens before any account exists (a setup code tried) or cannot be tied to one. The log is
     * append-only: no cascade deletes an event, and no account is ever deleted under it.
     */
    userId: integer('user_id').references(() => accounts.id),
    kind: text('kind').$type<AccessEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('access_events_user_time_idx').on(t.userId, t.at.desc().nullsFirst()),
    check('access_events_kind_check', isOneOf(t.kind, ACCESS_EVENT_KINDS)),
    check('access_events_user_agent_check', sql`length(${t.userAgent}) <= ${sql.raw(String(USER_AGENT_MAX_LENGTH))}`),
    check('access_events_client_address_check', sql`length(${t.clientAddress}) <= ${sql.raw(String(CLIENT_ADDRESS_MAX_LENGTH))}`),
  ],
);


/**
 * Sign-in attempts not yet forgiven, for the limit on guessing (auth/sign-in-throttle.ts): a row per attempt, made
 * before the secret is checked and deleted for that address by a sign-in that succeeds. Rows older than the window
 * are pruned as attempts come. In the database, so that every instance on one PostgreSQL counts the same attempts.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    /**
     * The client's key: its address ('' when unknown; an IPv6 address by its /64). Those attempts share one count.
     */
    clientAddress: text('client_address').notNull(),
    /**
     * SHA-256 of the device cookie the browser sent, when it names a device that signed in before: its attempts are
     * counted on their own, and other clients' failures never hold it back. Null for every other client.
     */
    deviceHash: text('device_hash'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_address_time_idx').on(t.clientAddress, t.at),
    index('sign_in_attempts_device_time_idx').on(t.deviceHash, t.at),
    index('sign_in_attempts_time_idx').on(t.at),
    check('sign_in_attempts_client_address_check', sql`length(${t.clientAddress}) <= ${sql.raw(String(CLIENT_ADDRESS_MAX_LENGTH))}`),
  ],
);

/**
 * The one-time code a fresh install reachable beyond loopback prints in its log (ADR 17): its SHA-256 and when it
 * stops working. At most one row, replaced at each start while no credential exists; deleted once used. Kept apart
 * from `installation`, whose row tells the seed that the demo was left.
 */
export const setupCodes = pgTable('setup_codes', {
  codeHash: text('code_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Personal access tokens for scripts and n8n workflows (ADR 17): shown once, kept as their SHA-256, revocable. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scope: text('scope').$type<AccessTokenScope>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute, like a session's last seen. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Kept once revoked, so that Settings and the access log can still name it; a revoked token opens nothing. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** After this the token opens nothing; null: it never expires (the owner chose so). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Made while the app was open (no credential yet, loopback): the first credential's setting lists it with a warning. */
    madeWhileOpen: boolean('made_while_open').notNull().default(false),
  },
  (t) => [
    index('access_tokens_user_idx').on(t.userId),
    check('access_tokens_scope_check', isOneOf(t.scope, ACCESS_TOKEN_SCOPES)),
    check('access_tokens_name_check', sql`length(${t.name}) between 1 and ${sql.raw(String(ACCESS_TOKEN_NAME_MAX_LENGTH))}`),
  ],
);

/**
 * The patient's passkeys (WebAuthn, ADR 17): the authenticator's credential id and public key, never a secret. A copy
 * of the database signs nobody in.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: one that goes back betrays a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb' …), comma-separated. */
    transports: text('transports'),
    /** Whether the passkey is synced to the patient's other devices (a password manager's, a phone's cloud). */
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_name_check', sql`length(${t.name}) between 1 and ${sql.raw(String(PASSKEY_NAME_MAX_LENGTH))}`),
  ],
);

/**
 * The random challenge of a passkey ceremony, from the options the server sent until the browser answers (five
 * minutes at most), spent once. In the database so that any instance on one PostgreSQL can finish what another began.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** base64url, as it comes back inside the browser's clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
    /** The account a registration is for; null for a sign-in, where the passkey names its account. */
    userId: integer('user_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The asking client's key (as sign_in_attempts keeps it): a sign-in may hold only a few challenges open per client. */
    clientAddress: text('client_address').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('passkey_challenges_expiry_idx').on(t.expiresAt),
    index('passkey_challenges_client_idx').on(t.clientAddress, t.purpose),     check('passkey_challenges_purpose_check', isOneOf(t.purpose, ['register', 'sign-in'])),
    check('passkey_challenges_client_address_check', sql`length(${t.clientAddress}) <= ${sql.raw(String(CLIENT_ADDRESS_MAX_LENGTH))}`),
  ],
);

/**
 * Browsers that signed in before, by the device cookie they carry (OWASP's device cookies): such a browser's sign-in
 * attempts are counted on their own, so that a stranger's guessing never locks the owner's own devices out. Only the
 * cookie's SHA-256 is kept.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** A way in changed from another device since this one last signed in: told at its next sign-in, then cleared. */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.userId)],
);

export { CLIENT_ADDRESS_MAX_LENGTH, USER_AGENT_MAX_LENGTH };

/**
 * The install's ways in and what guards them (ADR 21): not the patient's record, so no reset of data (npm run
 * db:reset), restore or leaving of the demo touches them.
 */
export const WAY_IN_TABLES = [accounts, sessions, recoveryCodes, accessEvents, accessTokens, passkeys, passkeyChallenges, signInDevices, signInAttempts, setupCodes];
