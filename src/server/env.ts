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
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO= in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
