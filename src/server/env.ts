import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { formatHost, parseHost } from './http/host-names';

/**
 * The only module that reads process.env (lint enforces it). Everything else receives a parsed Env.
 * Each variable has a safe default so that `npm start` works with none set.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/**
 * 'health.example.com, health.example.com:8443' → ['health.example.com', 'health.example.com:8443'],
 * each written as requests are compared (lower case, no trailing dot). A URL is refused, not guessed at.
 */
const hostList = z.string().transform((value, context) => {
  const hosts: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const host = parseHost(entry);
    if (host) hosts.push(formatHost(host));
    else context.addIssue({ code: 'custom', message: `"${entry}" is not a host name or host:port (e.g. health.example.com)` });
  }
  return hosts;
});

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' });

/**
 * Where a call service's key is sent: https, or plain http only to this machine (a local adapter or a test's
 * stand-in), so that the key never crosses a network unencrypted.
 */
const keyBearingUrl = httpUrl.refine((url) => {
  // Not a URL at all: the check above has said so already.
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}, 'must be an https:// URL (plain http only to localhost, 127.0.0.1 or [::1])');

const e164Number = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number: '+', the country code and the number, digits only (e.g. +12125550123)");

const countryCode = z.string().transform((value, context) => {
  const code = value.trim().toUpperCase();
  if (isSupportedCountry(code)) return code;
  context.addIssue({ code: 'custom', message: 'must be a two-letter country code such as US, GB or DE' });
  return z.NEVER;
});

/** The confirmation call's service (issue 12), as the adapters in services/confirmation-call need it. */
interface ConfirmationCallBase {
  apiKey: string;
  /** A provider's phone written without a country code is read as a number of this country. */
  country: CountryCode;
  timeoutMs: number;
}
export type ConfirmationCallConfig =
  | (ConfirmationCallBase & { provider: 'webhook'; url: string; from: string | null })
  | (ConfirmationCallBase & { provider: 'twilio'; baseUrl: string; accountSid: string; from: string });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Names besides the loopback ones that this server answers to, e.g. a reverse proxy's public name. */
  ALLOWED_HOSTS: hostList.default([]),
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
  CONFIRMATION_CALL_URL: keyBearingUrl.optional(),
  CONFIRMATION_CALL_TWILIO_URL: keyBearingUrl.default('https://api.twilio.com'),
  CONFIRMATION_CALL_COUNTRY: countryCode.default('US'),
  CONFIRMATION_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

type ParsedEnv = z.infer<typeof EnvSchema>;
type ConfirmationCallVariables = Extract<keyof ParsedEnv, `CONFIRMATION_CALL_${string}`>;

/** The parsed variables, the confirmation call's gathered into one value (null when off) so its key travels as one. */
export type Env = Omit<ParsedEnv, ConfirmationCallVariables> & { confirmationCall: ConfirmationCallConfig | null };

/** What each call service cannot do without. */
const REQUIRED_FOR = {
  webhook: ['CONFIRMATION_CALL_URL', 'CONFIRMATION_CALL_API_KEY'],
  twilio: ['CONFIRMATION_CALL_ACCOUNT_SID', 'CONFIRMATION_CALL_API_KEY', 'CONFIRMATION_CALL_FROM'],
} as const;

const EnvWithConfirmationCall = EnvSchema.transform((parsed, context): Env => {
  const {
    CONFIRMATION_CALL_PROVIDER: provider,
    CONFIRMATION_CALL_API_KEY: apiKey,
    CONFIRMATION_CALL_ACCOUNT_SID: accountSid,
    CONFIRMATION_CALL_FROM: from,
    CONFIRMATION_CALL_URL: url,
    CONFIRMATION_CALL_TWILIO_URL: twilioUrl,
    CONFIRMATION_CALL_COUNTRY: country,
    CONFIRMATION_CALL_TIMEOUT_MS: timeoutMs,
    ...env
  } = parsed;
  if (!provider) return { ...env, confirmationCall: null };
  for (const name of REQUIRED_FOR[provider].filter((required) => parsed[required] === undefined)) {
    context.addIssue({ code: 'custom', path: [name], message: `is required when CONFIRMATION_CALL_PROVIDER is ${provider}` });
  }
  const base = { country, timeoutMs };
  if (provider === 'webhook' && url !== undefined && apiKey !== undefined) {
    return { ...env, confirmationCall: { ...base, provider, url, apiKey, from: from ?? null } };
  }
  if (provider === 'twilio' && accountSid !== undefined && apiKey !== undefined && from !== undefined) {
    return { ...env, confirmationCall: { ...base, provider, baseUrl: twilioUrl.replace(/\/+$/, ''), accountSid, apiKey, from } };
  }
  return z.NEVER;
});

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO= in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvWithConfirmationCall.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
