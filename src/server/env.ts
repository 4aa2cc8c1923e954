import { isAbsolute, relative as relativePath, resolve } from 'node:path';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { formatHostEntry, parseHostEntry } from './core/host-names';
import { parseTrustProxy, trustProxyProblem } from './core/trust-proxy';

/**
 * The only module that reads process.env (lint enforces it). Everything else receives a parsed Env.
 * Each variable has a safe default so that `npm start` works with none set.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/**
 * 'health.example.com, http://care.lan:8080' → ['health.example.com', 'http://care.lan:8080'], each written as
 * requests are compared (lower case, no trailing dot). A scheme may lead (the page's, http or https: a bare name is
 * https, allowed-hosts.ts); a path or anything else of a URL is refused, not guessed at.
 */
const hostList = z.string().transform((value, context) => {
  const hosts: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const host = parseHostEntry(entry);
    if (host) hosts.push(formatHostEntry(host));
    else context.addIssue({ code: 'custom', message: `"${entry}" is not a host name or host:port (e.g. health.example.com)` });
  }
  return hosts;
});

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' });

/**
 * This machine: localhost, the whole 127.0.0.0/8 range, and ::1. Traffic to it never crosses a network, so plain
 * http is allowed there (a local Ollama, a local adapter, a test's stand-in). `localhost.` and names that merely
 * resolve to loopback are not trusted: only what the URL itself says.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(hostname);
}

/**
 * Where health data or a key is sent: https, or plain http only to this machine, so that neither crosses a network
 * unencrypted.
 */
const privateUrl = httpUrl.refine((url) => {
  // Not a URL at all: the check above has said so already.
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || isLoopbackHost(hostname);
}, 'must be an https:// URL (plain http only to this machine: localhost, 127.0.0.0/8 or [::1])');

/**
 * An SMTP server with its user and password in the URL (percent-encoded): smtps:// is TLS from the start; smtp://
 * upgrades with STARTTLS, which email.ts requires unless the host is this machine. Nothing after the port: a path or
 * query would be ignored, so it is refused rather than silently dropped.
 */
const smtpUrl = z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com' }).refine((url) => {
  if (!URL.canParse(url)) return true;
  const { hostname, pathname, search, hash } = new URL(url);
  return hostname !== '' && (pathname === '' || pathname === '/') && search === '' && hash === '';
}, 'must be smtp[s]://user:password@host:port, with nothing after the port');

/**
 * 'reminders@example.com' or 'HealthAssist <reminders@example.com>': the From of every reminder. No line break, so
 * nothing can be added to the message's headers through it.
 */
const mailbox = z.string().superRefine((value, context) => {
  const address = /^[^<>\r\n]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  if (/[\r\n]/.test(value) || !z.email().safeParse(address).success) {
    context.addIssue({ code: 'custom', message: "must be an e-mail address, e.g. reminders@example.com or 'HealthAssist <reminders@example.com>'" });
  }
});

/** ntfy's topic URL: the server and the topic, which is where a message is published (https://ntfy.sh/my-topic). */
const ntfyTopicUrl = privateUrl.refine((url) => !URL.canParse(url) || new URL(url).pathname.replace(/\/+$/, '').length > 1, 'must be a topic URL such as https://ntfy.sh/your-topic');

/** The app's own origin, for the links reminders carry; a path would be lost (links are absolute paths). */
const publicOrigin = httpUrl
  .refine((url) => {
    if (!URL.canParse(url)) return true;
    const { pathname, search, hash, username, password } = new URL(url);
    return pathname === '/' && search === '' && hash === '' && username === '' && password === '';
  }, "must be the app's own address with nothing after the host and port, e.g. https://health.example.com")
  .transform((url) => (URL.canParse(url) ? new URL(url).origin : url));

/** An access token goes in a header as it is: one word. */
const headerToken = z.string().regex(/^[\x21-\x7e]+$/, 'must be an access token (tk_…) without spaces');

const e164Number = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number: '+', the country code and the number, digits only (e.g. +12125550123)");

function toCountryCode(value: string): CountryCode | null {
  const code = value.trim().toUpperCase();
  return isSupportedCountry(code) ? code : null;
}

const countryCode = z.string().transform((value, context) => {
  const code = toCountryCode(value);
  if (code) return code;
  context.addIssue({ code: 'custom', message: 'must be a two-letter country code such as US, GB or DE' });
  return z.NEVER;
});

/** 'US, CA' → ['US', 'CA']: the countries whose numbers may be called. */
const countryList = z.string().transform((value, context) => {
  const codes: CountryCode[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const code = toCountryCode(entry);
    if (code) codes.push(code);
    else context.addIssue({ code: 'custom', message: `"${entry}" is not a two-letter country code such as US, GB or DE` });
  }
  if (codes.length === 0) context.addIssue({ code: 'custom', message: 'must name at least one country, e.g. US or US,CA' });
  return [...new Set(codes)];
});

/** The confirmation call's service (issue 12), as the adapters in services/confirmation-call need it. */
interface ConfirmationCallBase {
  apiKey: string;
  /** A provider's phone written without a country code is read as a number of this country. */
  country: CountryCode;
  /** Only numbers of these countries are dialled (a call abroad costs more, and a typo can reach a stranger). */
  countries: readonly CountryCode[];
  /** Calls one patient's bookings may place in an hour. */
  limitPerHour: number;
  timeoutMs: number;
}
export type ConfirmationCallConfig =
  | (ConfirmationCallBase & { provider: 'webhook'; url: string; from: string | null })
  | (ConfirmationCallBase & { provider: 'twilio'; baseUrl: string; accountSid: string; from: string });

/** The n8n webhooks of issue 13, as services/n8n needs them; off (null) while unset. */
export interface N8nConfig {
  /** The Chat Trigger's URL (the n8n tab), or null: the built-in assistant answers. */
  chatUrl: string | null;
  /** The workflow page's webhook, or null: the built-in assistant answers. */
  workflowUrl: string | null;
  /** Sent with every request to n8n, e.g. ['Authorization', 'Bearer …'] for a webhook with header auth. */
  authHeader: readonly [name: string, value: string] | null;
  /** How long n8n may take to answer, and to send the next piece of a streamed answer. */
  timeoutMs: number;
  /** The field names the Chat Trigger's workflow reads (the widget's chatInputKey and chatSessionKey). */
  inputKey: string;
  sessionKey: string;
}

/** An OpenAI-compatible chat completions API (a local Ollama, say); null while ASSISTANT_LLM_BASE_URL is unset. */
export interface LanguageModelConfig {
  /** Up to, not including, /chat/completions: 'http://127.0.0.1:11434/v1'. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** E-mail reminders through an SMTP server (issue 33); null while SMTP_URL is unset. */
export interface EmailConfig {
  /** smtp:// or smtps://, with the user and password: never logged. */
  url: string;
  /** The From of every reminder: an address, or 'Name <address>'. */
  from: string;
}

/** ntfy (issue 33); null while NTFY_URL is unset. */
export interface NtfyConfig {
  /** The topic URL; the topic is as good as a password on a public server: never logged. */
  url: string;
  /** Sent as `Authorization: Bearer {token}` for a protected topic. */
  token: string | null;
}

/** The generic webhook of reminders (Home Assistant, Gotify, Apprise); null while NOTIFY_WEBHOOK_URL is unset. */
export interface NotifyWebhookConfig {
  /** May hold a secret (a Home Assistant webhook id, a token in the query): never logged. */
  url: string;
}

/** 'Authorization: Bearer abc' → ['Authorization', 'Bearer abc']. */
const headerLine = z.string().transform((value, context) => {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(\S.*)$/.exec(value.trim());
  if (match?.[1] && match[2]) return [match[1], match[2].trim()] as const;
  context.addIssue({ code: 'custom', message: "must be a header line such as 'Authorization: Bearer <token>'" });
  return z.NEVER;
});

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a field name: letters, digits and underscores');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Names besides the loopback ones that this server answers to, e.g. a reverse proxy's public name. */
  ALLOWED_HOSTS: hostList.default([]),
  /**
   * The proxy in front that may say who the client is (X-Forwarded-For, -Proto): a hop count (1) or its addresses
   * and CIDRs (127.0.0.1, 10.0.0.0/8). Unset: none, and every client is the address that connects.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .superRefine((value, context) => {
      const problem = trustProxyProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(parseTrustProxy),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SEED: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The call to the provider after a quick-scheduled appointment: off while unset. */
  CONFIRMATION_CALL_PROVIDER: z.enum(['twilio', 'webhook'], { message: 'must be twilio or webhook (or unset for no call)' }).optional(),
  CONFIRMATION_CALL_API_KEY: z.string().optional(),
  CONFIRMATION_CALL_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, "must be a Twilio Account SID: 'AC' and 32 hexadecimal digits")
    .optional(),
  CONFIRMATION_CALL_FROM: e164Number.optional(),
  CONFIRMATION_CALL_URL: privateUrl.optional(),
  CONFIRMATION_CALL_TWILIO_URL: privateUrl.default('https://api.twilio.com'),
  CONFIRMATION_CALL_COUNTRY: countryCode.default('US'),
  /** Default: CONFIRMATION_CALL_COUNTRY alone. */
  CONFIRMATION_CALL_COUNTRIES: countryList.optional(),
  CONFIRMATION_CALL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  CONFIRMATION_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The assistant chats (issue 13): n8n's Chat Trigger and a workflow webhook, each off while unset. */
  /** The chats send what the patient writes: https only, or plain http to this machine. */
  N8N_CHAT_WEBHOOK_URL: privateUrl.optional(),
  N8N_WORKFLOW_WEBHOOK_URL: privateUrl.optional(),
  N8N_CHAT_AUTH_HEADER: headerLine.optional(),
  N8N_CHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  N8N_CHAT_INPUT_KEY: fieldName.default('chatInput'),
  N8N_CHAT_SESSION_KEY: fieldName.default('sessionId'),
  /** A language model for the built-in assistant and 'Get AI Analysis': off while the URL is unset. */
  /** The model is sent the patient's facts: https only, or plain http to this machine. */
  ASSISTANT_LLM_BASE_URL: privateUrl.optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).optional(),
  ASSISTANT_LLM_API_KEY: z.string().optional(),
  ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Messages a patient may send a minute, over all chats (a runaway script, a stuck key). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(20),
  /** How often every patient's reminders are computed (issue 33); a minute, reminders' own resolution. */
  REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Reminders beyond the app (issue 33, ADR 23), each channel off while unset. What a reminder says is health data:
   * the URLs are https (plain http only to this machine), and plain smtp:// to another machine must use STARTTLS.
   */
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailbox.optional(),
  NTFY_URL: ntfyTopicUrl.optional(),
  NTFY_TOKEN: headerToken.optional(),
  NOTIFY_WEBHOOK_URL: privateUrl.optional(),
  /** The app's own origin in the links reminders carry; default: https:// and the first ALLOWED_HOSTS name, else this machine. */
  PUBLIC_URL: publicOrigin.optional(),
  /** Sign-in (ADR 17): a session unused this long ends (decimals allowed: 0.05 is three seconds, for a test). */
  SESSION_IDLE_MINUTES: z.coerce.number().min(0.05).max(7 * 24 * 60).default(30),
  /** A session ends this long after sign-in however busy it is. */
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(7),
  /**
   * Fresh proof (ADR 21): changing a way in or wiping the record needs a sign-in, the passphrase or a passkey within
   * this many minutes (decimals allowed: 0.1 is six seconds, for a test).
   */
  SIGN_IN_FRESH_MINUTES: z.coerce.number().min(0.05).max(24 * 60).default(5),
  /** Restoring a backup (ADR 18): the most an archive may hold, sent or unpacked, in MiB. */
  ARCHIVE_MAX_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(8192),
  /** Where backups go (ADR 18); default: beside DATA_DIR, named after it with '-backups'. Never inside DATA_DIR. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily backups are kept, the newest; 0 turns the daily backup off (backups are made otherwise). */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(1000).default(7),
});

type ParsedEnv = z.infer<typeof EnvSchema>;
type NotificationVariables = 'SMTP_URL' | 'MAIL_FROM' | 'NTFY_URL' | 'NTFY_TOKEN' | 'NOTIFY_WEBHOOK_URL';
type GatheredVariables =
  | Extract<keyof ParsedEnv, `CONFIRMATION_CALL_${string}` | `N8N_${string}` | `ASSISTANT_LLM_${string}`>
  | NotificationVariables;

/**
 * The parsed variables, each outside service's gathered into one value (null when off) so that its key travels as
 * one and no code reads half of a configuration.
 */
export type Env = Omit<ParsedEnv, GatheredVariables | 'BACKUP_DIR'> & {
  /** BACKUP_DIR, or its default beside DATA_DIR, as an absolute path. */
  backupDir: string;
  confirmationCall: ConfirmationCallConfig | null;
  n8n: N8nConfig | null;
  languageModel: LanguageModelConfig | null;
  /** The channels of reminders beyond the app, each null while off (SMS is the confirmation call's provider). */
  email: EmailConfig | null;
  ntfy: NtfyConfig | null;
  notifyWebhook: NotifyWebhookConfig | null;
};

/** What each call service cannot do without. */
const REQUIRED_FOR = {
  webhook: ['CONFIRMATION_CALL_URL', 'CONFIRMATION_CALL_API_KEY'],
  twilio: ['CONFIRMATION_CALL_ACCOUNT_SID', 'CONFIRMATION_CALL_API_KEY', 'CONFIRMATION_CALL_FROM'],
} as const;

const EnvWithServices = EnvSchema.transform((parsed, context): Env => {
  const {
    N8N_CHAT_WEBHOOK_URL: chatUrl,
    N8N_WORKFLOW_WEBHOOK_URL: workflowUrl,
    N8N_CHAT_AUTH_HEADER: authHeader,
    N8N_CHAT_TIMEOUT_MS: n8nTimeoutMs,
    N8N_CHAT_INPUT_KEY: inputKey,
    N8N_CHAT_SESSION_KEY: sessionKey,
    ASSISTANT_LLM_BASE_URL: llmUrl,
    ASSISTANT_LLM_MODEL: llmModel,
    ASSISTANT_LLM_API_KEY: llmKey,
    ASSISTANT_LLM_TIMEOUT_MS: llmTimeoutMs,
    SMTP_URL: smtpUrlSetting,
    MAIL_FROM: mailFrom,
    NTFY_URL: ntfyUrl,
    NTFY_TOKEN: ntfyToken,
    NOTIFY_WEBHOOK_URL: notifyWebhookUrl,
    ...rest
  } = parsed;
  const n8n: N8nConfig | null =
    chatUrl || workflowUrl
      ? { chatUrl: chatUrl ?? null, workflowUrl: workflowUrl ?? null, authHeader: authHeader ?? null, timeoutMs: n8nTimeoutMs, inputKey, sessionKey }
      : null;
  if (llmUrl && !llmModel) context.addIssue({ code: 'custom', path: ['ASSISTANT_LLM_MODEL'], message: 'is required when ASSISTANT_LLM_BASE_URL is set' });
  const languageModel: LanguageModelConfig | null =
    llmUrl && llmModel ? { baseUrl: llmUrl.replace(/\/+$/, ''), model: llmModel, apiKey: llmKey ?? null, timeoutMs: llmTimeoutMs } : null;
  if (smtpUrlSetting && !mailFrom) context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
  const email: EmailConfig | null = smtpUrlSetting && mailFrom ? { url: smtpUrlSetting, from: mailFrom.trim() } : null;
  const ntfy: NtfyConfig | null = ntfyUrl ? { url: ntfyUrl, token: ntfyToken ?? null } : null;
  const notifyWebhook: NotifyWebhookConfig | null = notifyWebhookUrl ? { url: notifyWebhookUrl } : null;
  const { BACKUP_DIR: backupDirSetting, ...others } = rest;
  const backupDir = resolve(backupDirSetting ?? `${resolve(others.DATA_DIR)}-backups`);
  const relative = relativePath(resolve(others.DATA_DIR), backupDir);
  if (relative === '' || (!relative.startsWith('..') && !isAbsolute(relative))) {
    context.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'must not be DATA_DIR or inside it: a backup must outlive the folder it backs up' });
  }
  return { ...withConfirmationCall(others, context), backupDir, n8n, languageModel, email, ntfy, notifyWebhook };
});

type WithoutServices = Omit<ParsedEnv, Extract<keyof ParsedEnv, `N8N_${string}` | `ASSISTANT_LLM_${string}`> | NotificationVariables | 'BACKUP_DIR'>;

function withConfirmationCall(
  parsed: WithoutServices,
  context: z.RefinementCtx,
): Omit<Env, 'n8n' | 'languageModel' | 'backupDir' | 'email' | 'ntfy' | 'notifyWebhook'> {
  const {
    CONFIRMATION_CALL_PROVIDER: provider,
    CONFIRMATION_CALL_API_KEY: apiKey,
    CONFIRMATION_CALL_ACCOUNT_SID: accountSid,
    CONFIRMATION_CALL_FROM: from,
    CONFIRMATION_CALL_URL: url,
    CONFIRMATION_CALL_TWILIO_URL: twilioUrl,
    CONFIRMATION_CALL_COUNTRY: country,
    CONFIRMATION_CALL_COUNTRIES: countries,
    CONFIRMATION_CALL_LIMIT_PER_HOUR: limitPerHour,
    CONFIRMATION_CALL_TIMEOUT_MS: timeoutMs,
    ...env
  } = parsed;
  if (!provider) return { ...env, confirmationCall: null };
  for (const name of REQUIRED_FOR[provider].filter((required) => parsed[required] === undefined)) {
    context.addIssue({ code: 'custom', path: [name], message: `is required when CONFIRMATION_CALL_PROVIDER is ${provider}` });
  }
  const base = { country, countries: countries ?? [country], limitPerHour, timeoutMs };
  if (provider === 'webhook' && url !== undefined && apiKey !== undefined) {
    return { ...env, confirmationCall: { ...base, provider, url, apiKey, from: from ?? null } };
  }
  if (provider === 'twilio' && accountSid !== undefined && apiKey !== undefined && from !== undefined) {
    return { ...env, confirmationCall: { ...base, provider, baseUrl: twilioUrl.replace(/\/+$/, ''), accountSid, apiKey, from } };
  }
  return { ...env, confirmationCall: null };
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO= in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvWithServices.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
