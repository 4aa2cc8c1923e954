import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('ALLOWED_HOSTS', () => {
  it.each([
    ['unset', undefined, []],
    ['empty (ALLOWED_HOSTS= in a .env file)', '', []],
    ['one name', 'health.example.com', ['health.example.com']],
    ['names and ports, spaced and cased as typed', ' Health.Example.com , care.example.org:8443,', ['health.example.com', 'care.example.org:8443']],
    ['a name with a trailing dot', 'health.example.com.', ['health.example.com']],
    ['addresses', '192.168.1.20:5000, [::1]:5000, [0:0:0:0:0:0:0:1]', ['192.168.1.20:5000', '[::1]:5000', '[::1]']],
    ['names with the scheme of their page', 'HTTPS://Health.example.com, http://care.lan:8080', ['https://health.example.com', 'http://care.lan:8080']],
  ])('reads %s', (_case, value, hosts) => {
    expect(loadEnv({ ALLOWED_HOSTS: value }).ALLOWED_HOSTS).toEqual(hosts);
  });

  it.each([
    ['a URL with a path', 'https://health.example.com/'],
    ['another scheme', 'ftp://health.example.com'],
    ['a name with a path', 'health.example.com/app'],
    ['a wildcard', '*.example.com'],
    ['a port out of range', 'health.example.com:70000'],
    ['an IPv6 address without brackets', '::1'],
    ['spaces inside a name', 'health example.com'],
  ])('refuses %s, naming the entry', (_case, value) => {
    expect(() => loadEnv({ ALLOWED_HOSTS: `care.example.org, ${value}` })).toThrow(
      `ALLOWED_HOSTS: "${value}" is not a host name or host:port (e.g. health.example.com)`,
    );
  });
});

describe('the confirmation call (CONFIRMATION_CALL_*)', () => {
  const SID = 'AC0123456789abcdef0123456789abcdef';
  const webhook = {
    CONFIRMATION_CALL_PROVIDER: 'webhook',
    CONFIRMATION_CALL_URL: 'https://calls.example.com/confirm',
    CONFIRMATION_CALL_API_KEY: 'secret-webhook-key',
  };
  const twilio = {
    CONFIRMATION_CALL_PROVIDER: 'twilio',
    CONFIRMATION_CALL_ACCOUNT_SID: SID,
    CONFIRMATION_CALL_API_KEY: 'secret-twilio-token',
    CONFIRMATION_CALL_FROM: '+12125550100',
  };

  it('is off without a provider, whatever else is set', () => {
    expect(loadEnv({}).confirmationCall).toBeNull();
    expect(loadEnv({ ...webhook, CONFIRMATION_CALL_PROVIDER: '' }).confirmationCall).toBeNull();
  });

  it('keeps the raw variables out of the parsed environment: the key travels only inside confirmationCall', () => {
    const env = loadEnv(webhook);
    expect(Object.keys(env).filter((name) => name.startsWith('CONFIRMATION_CALL'))).toEqual([]);
  });

  it('reads a webhook, its number optional, with the defaults (US, 10 s)', () => {
    expect(loadEnv(webhook).confirmationCall).toEqual({
      provider: 'webhook',
      url: 'https://calls.example.com/confirm',
      apiKey: 'secret-webhook-key',
      from: null,
      country: 'US',
      countries: ['US'],
      limitPerHour: 5,
      timeoutMs: 10_000,
    });
    expect(
      loadEnv({ ...webhook, CONFIRMATION_CALL_FROM: '+442079460018', CONFIRMATION_CALL_COUNTRY: 'gb', CONFIRMATION_CALL_TIMEOUT_MS: '2500' })
        .confirmationCall,
    ).toMatchObject({ from: '+442079460018', country: 'GB', countries: ['GB'], timeoutMs: 2500 });
  });

  it('reads the countries that may be called and the hourly limit', () => {
    expect(
      loadEnv({ ...webhook, CONFIRMATION_CALL_COUNTRIES: ' us, ca,US ', CONFIRMATION_CALL_LIMIT_PER_HOUR: '12' }).confirmationCall,
    ).toMatchObject({ country: 'US', countries: ['US', 'CA'], limitPerHour: 12 });
  });

  it("reads Twilio at Twilio's address unless told another (written without a trailing slash)", () => {
    expect(loadEnv(twilio).confirmationCall).toEqual({
      provider: 'twilio',
      baseUrl: 'https://api.twilio.com',
      accountSid: SID,
      apiKey: 'secret-twilio-token',
      from: '+12125550100',
      country: 'US',
      countries: ['US'],
      limitPerHour: 5,
      timeoutMs: 10_000,
    });
    expect(loadEnv({ ...twilio, CONFIRMATION_CALL_TWILIO_URL: 'http://127.0.0.1:4010/' }).confirmationCall).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
    });
  });

  it.each([
    ['another provider', { ...webhook, CONFIRMATION_CALL_PROVIDER: 'vonage' }, 'CONFIRMATION_CALL_PROVIDER: must be twilio or webhook (or unset for no call)'],
    ['a webhook without its URL', { ...webhook, CONFIRMATION_CALL_URL: undefined }, 'CONFIRMATION_CALL_URL: is required when CONFIRMATION_CALL_PROVIDER is webhook'],
    ['a webhook without its key', { ...webhook, CONFIRMATION_CALL_API_KEY: '' }, 'CONFIRMATION_CALL_API_KEY: is required when CONFIRMATION_CALL_PROVIDER is webhook'],
    ['a webhook URL that is not http(s)', { ...webhook, CONFIRMATION_CALL_URL: 'ftp://calls.example.com' }, 'CONFIRMATION_CALL_URL: must be an http:// or https:// URL'],
    [
      'a plain-http webhook URL on another host, which would send the key unencrypted',
      { ...webhook, CONFIRMATION_CALL_URL: 'http://calls.example.com/confirm' },
      'CONFIRMATION_CALL_URL: must be an https:// URL (plain http only to this machine: localhost, 127.0.0.0/8 or [::1])',
    ],
    ['Twilio without its account', { ...twilio, CONFIRMATION_CALL_ACCOUNT_SID: undefined }, 'CONFIRMATION_CALL_ACCOUNT_SID: is required when CONFIRMATION_CALL_PROVIDER is twilio'],
    ['Twilio without its key', { ...twilio, CONFIRMATION_CALL_API_KEY: undefined }, 'CONFIRMATION_CALL_API_KEY: is required when CONFIRMATION_CALL_PROVIDER is twilio'],
    ['Twilio without a number to call from', { ...twilio, CONFIRMATION_CALL_FROM: undefined }, 'CONFIRMATION_CALL_FROM: is required when CONFIRMATION_CALL_PROVIDER is twilio'],
    ['an account that is not a Twilio Account SID', { ...twilio, CONFIRMATION_CALL_ACCOUNT_SID: 'SK0123' }, "CONFIRMATION_CALL_ACCOUNT_SID: must be a Twilio Account SID: 'AC' and 32 hexadecimal digits"],
    ['a local number to call from', { ...twilio, CONFIRMATION_CALL_FROM: '(212) 555-0100' }, "CONFIRMATION_CALL_FROM: must be an E.164 number: '+', the country code and the number, digits only (e.g. +12125550123)"],
    ['a number without its +', { ...twilio, CONFIRMATION_CALL_FROM: '12125550100' }, 'CONFIRMATION_CALL_FROM: must be an E.164 number'],
    ['a number with spaces', { ...webhook, CONFIRMATION_CALL_FROM: '+1 212 555 0100' }, 'CONFIRMATION_CALL_FROM: must be an E.164 number'],
    ['an unknown country in the list', { ...webhook, CONFIRMATION_CALL_COUNTRIES: 'US,XX' }, 'CONFIRMATION_CALL_COUNTRIES: "XX" is not a two-letter country code'],
    ['an empty list of countries', { ...webhook, CONFIRMATION_CALL_COUNTRIES: ' , ' }, 'CONFIRMATION_CALL_COUNTRIES: must name at least one country'],
    ['an hourly limit of 0', { ...webhook, CONFIRMATION_CALL_LIMIT_PER_HOUR: '0' }, 'CONFIRMATION_CALL_LIMIT_PER_HOUR'],
    ['an unknown country', { ...webhook, CONFIRMATION_CALL_COUNTRY: 'XX' }, 'CONFIRMATION_CALL_COUNTRY: must be a two-letter country code such as US, GB or DE'],
    ['a country by name', { ...webhook, CONFIRMATION_CALL_COUNTRY: 'United States' }, 'CONFIRMATION_CALL_COUNTRY: must be a two-letter country code'],
    ['a timeout of 0', { ...webhook, CONFIRMATION_CALL_TIMEOUT_MS: '0' }, 'CONFIRMATION_CALL_TIMEOUT_MS:'],
    ['a timeout in words', { ...webhook, CONFIRMATION_CALL_TIMEOUT_MS: 'ten seconds' }, 'CONFIRMATION_CALL_TIMEOUT_MS:'],
    ['a Twilio address that is not http(s)', { ...twilio, CONFIRMATION_CALL_TWILIO_URL: 'api.twilio.com' }, 'CONFIRMATION_CALL_TWILIO_URL: must be an http:// or https:// URL'],
  ])('refuses %s at start, naming the variable and never the key', (_case, source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
    expect(() => loadEnv(source)).not.toThrow(/secret-/);
  });

  it('names every missing variable at once', () => {
    expect(() => loadEnv({ CONFIRMATION_CALL_PROVIDER: 'twilio' })).toThrow(
      [
        'Invalid environment:',
        '  CONFIRMATION_CALL_ACCOUNT_SID: is required when CONFIRMATION_CALL_PROVIDER is twilio',
        '  CONFIRMATION_CALL_API_KEY: is required when CONFIRMATION_CALL_PROVIDER is twilio',
        '  CONFIRMATION_CALL_FROM: is required when CONFIRMATION_CALL_PROVIDER is twilio',
      ].join('\n'),
    );
  });
});

describe('the chats (N8N_*, ASSISTANT_LLM_*, CHAT_MESSAGES_PER_MINUTE)', () => {
  it('is all off with nothing set: the built-in assistant answers, 20 messages a minute', () => {
    const env = loadEnv({});
    expect([env.n8n, env.languageModel, env.CHAT_MESSAGES_PER_MINUTE]).toEqual([null, null, 20]);
    expect(Object.keys(env).filter((name) => name.startsWith('N8N_') || name.startsWith('ASSISTANT_LLM_'))).toEqual([]);
  });

  it('reads n8n with its defaults, and a header line as name and value', () => {
    expect(loadEnv({ N8N_CHAT_WEBHOOK_URL: 'https://n8n.example/webhook/abc/chat', N8N_CHAT_AUTH_HEADER: 'Authorization:  Bearer t0ken ' }).n8n).toEqual({
      chatUrl: 'https://n8n.example/webhook/abc/chat',
      workflowUrl: null,
      authHeader: ['Authorization', 'Bearer t0ken'],
      timeoutMs: 60_000,
      inputKey: 'chatInput',
      sessionKey: 'sessionId',
    });
    expect(loadEnv({ N8N_WORKFLOW_WEBHOOK_URL: 'http://127.0.0.1:5678/webhook/health' }).n8n).toMatchObject({ chatUrl: null, workflowUrl: 'http://127.0.0.1:5678/webhook/health' });
  });

  it.each([
    ['a header line without a value', { N8N_CHAT_WEBHOOK_URL: 'https://n8n.example/x', N8N_CHAT_AUTH_HEADER: 'Bearer abc' }, "N8N_CHAT_AUTH_HEADER: must be a header line such as 'Authorization: Bearer <token>'"],
    // What the patient writes and their facts leave the machine only encrypted, with a key or without.
    ['a chat sent over plain http to another machine', { N8N_CHAT_WEBHOOK_URL: 'http://n8n.lan:5678/x' }, 'N8N_CHAT_WEBHOOK_URL: must be an https:// URL (plain http only to this machine'],
    ['a workflow sent over plain http to another machine', { N8N_WORKFLOW_WEBHOOK_URL: 'http://192.168.1.20:5678/x' }, 'N8N_WORKFLOW_WEBHOOK_URL: must be an https:// URL'],
    ['a header sent over plain http to another machine', { N8N_CHAT_WEBHOOK_URL: 'http://n8n.lan:5678/x', N8N_CHAT_AUTH_HEADER: 'X-Key: abc' }, 'N8N_CHAT_WEBHOOK_URL: must be an https:// URL'],
    ['a name that only looks like loopback', { N8N_CHAT_WEBHOOK_URL: 'http://127.0.0.1.example.com/x' }, 'N8N_CHAT_WEBHOOK_URL: must be an https:// URL'],
    ['a field name with a dash', { N8N_CHAT_INPUT_KEY: 'chat-input' }, 'N8N_CHAT_INPUT_KEY: must be a field name'],
    ['a model URL without a model', { ASSISTANT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'ASSISTANT_LLM_MODEL: is required when ASSISTANT_LLM_BASE_URL is set'],
    ['a model over plain http to another machine, without a key', { ASSISTANT_LLM_BASE_URL: 'http://llm.lan/v1', ASSISTANT_LLM_MODEL: 'm' }, 'ASSISTANT_LLM_BASE_URL: must be an https:// URL'],
    ['a key sent over plain http to another machine', { ASSISTANT_LLM_BASE_URL: 'http://llm.lan/v1', ASSISTANT_LLM_MODEL: 'm', ASSISTANT_LLM_API_KEY: 'sk-1' }, 'ASSISTANT_LLM_BASE_URL: must be an https:// URL'],
    ['a limit of 0', { CHAT_MESSAGES_PER_MINUTE: '0' }, 'CHAT_MESSAGES_PER_MINUTE'],
  ])('refuses %s', (_case, source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });

  it.each(['http://localhost:11434/v1', 'http://127.0.0.1:11434/v1', 'http://127.8.9.10/v1', 'http://[::1]:11434/v1', 'https://llm.example/v1'])(
    'sends the model health data at %s (https, or plain http to this machine)',
    (url) => {
      expect(loadEnv({ ASSISTANT_LLM_BASE_URL: url, ASSISTANT_LLM_MODEL: 'm' }).languageModel?.baseUrl).toBe(url);
    },
  );

  it('reads a local model without a key, its URL without a trailing slash', () => {
    expect(loadEnv({ ASSISTANT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', ASSISTANT_LLM_MODEL: 'llama3.2' }).languageModel).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: null,
      timeoutMs: 60_000,
    });
  });
});

describe('BACKUP_DIR', () => {
  it('defaults to a folder beside DATA_DIR, named after it', () => {
    expect(loadEnv({ DATA_DIR: '/srv/healthassist/data' }).backupDir).toBe('/srv/healthassist/data-backups');
    expect(loadEnv({ DATA_DIR: '/srv/healthassist/data', BACKUP_DIR: '/mnt/usb/health' }).backupDir).toBe('/mnt/usb/health');
    expect(loadEnv({}).BACKUP_KEEP).toBe(7);
  });

  it('is never DATA_DIR or inside it: a backup must outlive the folder it backs up', () => {
    for (const inside of ['/srv/data', '/srv/data/backups', '/srv/data/./x/..']) {
      expect(() => loadEnv({ DATA_DIR: '/srv/data', BACKUP_DIR: inside }), inside).toThrow(/BACKUP_DIR: must not be DATA_DIR or inside it/);
    }
    expect(loadEnv({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data-copies' }).backupDir).toBe('/srv/data-copies');
  });
});

describe('reminders beyond the app (SMTP_URL, MAIL_FROM, NTFY_URL, NTFY_TOKEN, NOTIFY_WEBHOOK_URL, PUBLIC_URL)', () => {
  it('is all off with nothing set, and the raw variables stay out of the parsed environment', () => {
    const env = loadEnv({ SMTP_URL: 'smtps://u:secret-pass@smtp.example.com', MAIL_FROM: 'reminders@example.com', NTFY_TOKEN: 'tk_x' });
    expect(Object.keys(env).filter((name) => /^(SMTP_|MAIL_|NTFY_|NOTIFY_)/.test(name))).toEqual([]);
    expect([loadEnv({}).email, loadEnv({}).ntfy, loadEnv({}).notifyWebhook, loadEnv({}).PUBLIC_URL]).toEqual([null, null, null, undefined]);
  });

  it('reads e-mail: the SMTP URL as written and MAIL_FROM, an address or a name and an address', () => {
    expect(loadEnv({ SMTP_URL: 'smtps://health%40example.com:p%40ss@smtp.example.com:465', MAIL_FROM: ' reminders@example.com ' }).email).toEqual({
      url: 'smtps://health%40example.com:p%40ss@smtp.example.com:465',
      from: 'reminders@example.com',
    });
    expect(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'HealthAssist <reminders@example.com>' }).email).toEqual({
      url: 'smtp://127.0.0.1:1025',
      from: 'HealthAssist <reminders@example.com>',
    });
    // Plain smtp:// to another machine is taken: email.ts then requires STARTTLS.
    expect(loadEnv({ SMTP_URL: 'smtp://u:p@smtp.example.com:587/', MAIL_FROM: 'a@example.com' }).email?.url).toBe('smtp://u:p@smtp.example.com:587/');
  });

  it('reads ntfy with its token or without, and the webhook', () => {
    expect(loadEnv({ NTFY_URL: 'https://ntfy.sh/healthassist-x7k2', NTFY_TOKEN: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2' }).ntfy).toEqual({
      url: 'https://ntfy.sh/healthassist-x7k2',
      token: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2',
    });
    expect(loadEnv({ NTFY_URL: 'http://127.0.0.1:8080/reminders' }).ntfy).toEqual({ url: 'http://127.0.0.1:8080/reminders', token: null });
    expect(loadEnv({ NOTIFY_WEBHOOK_URL: 'https://ha.example.com/api/webhook/abc' }).notifyWebhook).toEqual({ url: 'https://ha.example.com/api/webhook/abc' });
    expect(loadEnv({ NOTIFY_WEBHOOK_URL: 'http://localhost:8123/api/webhook/abc' }).notifyWebhook).toEqual({ url: 'http://localhost:8123/api/webhook/abc' });
  });

  it('reads PUBLIC_URL as an origin, over http or https: it is the app’s own address', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://Health.example.com/' }).PUBLIC_URL).toBe('https://health.example.com');
    expect(loadEnv({ PUBLIC_URL: 'http://health.lan:5000' }).PUBLIC_URL).toBe('http://health.lan:5000');
  });

  it.each([
    ['an SMTP URL of another scheme', { SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'a@example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['an SMTP host without a scheme', { SMTP_URL: 'smtp.example.com:587', MAIL_FROM: 'a@example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['an SMTP URL with a path', { SMTP_URL: 'smtps://u:secret-pass@smtp.example.com/inbox', MAIL_FROM: 'a@example.com' }, 'SMTP_URL: must be smtp[s]://user:password@host:port, with nothing after the port'],
    ['an SMTP URL with a query', { SMTP_URL: 'smtps://u:secret-pass@smtp.example.com?pool=true', MAIL_FROM: 'a@example.com' }, 'SMTP_URL: must be smtp[s]://user:password@host:port'],
    ['SMTP_URL without MAIL_FROM', { SMTP_URL: 'smtps://u:secret-pass@smtp.example.com' }, 'MAIL_FROM: is required when SMTP_URL is set'],
    ['a From that is no address', { SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'HealthAssist' }, 'MAIL_FROM: must be an e-mail address'],
    ['a From with an unclosed address', { SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'HealthAssist <a@example.com' }, 'MAIL_FROM: must be an e-mail address'],
    ['a From that adds a header', { SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'a@example.com\nBcc: b@example.com' }, 'MAIL_FROM: must be an e-mail address'],
    ['ntfy over plain http to another machine', { NTFY_URL: 'http://ntfy.lan/reminders' }, 'NTFY_URL: must be an https:// URL (plain http only to this machine'],
    ['ntfy without a topic', { NTFY_URL: 'https://ntfy.sh/' }, 'NTFY_URL: must be a topic URL such as https://ntfy.sh/your-topic'],
    ['ntfy as a host name only', { NTFY_URL: 'ntfy.sh/reminders' }, 'NTFY_URL: must be an http:// or https:// URL'],
    ['an ntfy token with a space', { NTFY_URL: 'https://ntfy.sh/t', NTFY_TOKEN: 'tk_secret- more' }, 'NTFY_TOKEN: must be an access token (tk_…) without spaces'],
    ['a webhook over plain http to another machine', { NOTIFY_WEBHOOK_URL: 'http://homeassistant.lan:8123/api/webhook/abc' }, 'NOTIFY_WEBHOOK_URL: must be an https:// URL (plain http only to this machine'],
    ['a webhook of another scheme', { NOTIFY_WEBHOOK_URL: 'ftp://ha.example.com/x' }, 'NOTIFY_WEBHOOK_URL: must be an http:// or https:// URL'],
    ['a public URL with a path', { PUBLIC_URL: 'https://health.example.com/app' }, "PUBLIC_URL: must be the app's own address with nothing after the host and port"],
    ['a public URL that is no URL', { PUBLIC_URL: 'health.example.com' }, 'PUBLIC_URL: must be an http:// or https:// URL'],
  ])('refuses %s at start, naming the variable and never the secret', (_case, source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
    expect(() => loadEnv(source)).not.toThrow(/secret-/);
  });
});
