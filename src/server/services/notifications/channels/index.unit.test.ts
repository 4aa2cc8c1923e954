import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env';
import { notificationChannelsFor, publicUrlFor } from './index';

describe('notificationChannelsFor', () => {
  it('sets up no channel beyond the app with nothing configured', () => {
    expect(notificationChannelsFor(loadEnv({}))).toEqual({});
  });

  it('sets up each channel whose configuration is there, and only those', () => {
    const channels = (source: Record<string, string>) => Object.keys(notificationChannelsFor(loadEnv(source))).sort();
    expect(channels({ SMTP_URL: 'smtps://u:p@smtp.example.com', MAIL_FROM: 'reminders@example.com' })).toEqual(['email']);
    expect(channels({ NTFY_URL: 'https://ntfy.sh/healthassist-x7k2' })).toEqual(['ntfy']);
    expect(channels({ NOTIFY_WEBHOOK_URL: 'https://ha.example.com/api/webhook/abc' })).toEqual(['webhook']);
    expect(
      channels({ CONFIRMATION_CALL_PROVIDER: 'webhook', CONFIRMATION_CALL_URL: 'https://calls.example.com/x', CONFIRMATION_CALL_API_KEY: 'k' }),
    ).toEqual(['sms']);
    expect(
      channels({
        SMTP_URL: 'smtp://127.0.0.1:1025',
        MAIL_FROM: 'reminders@example.com',
        NTFY_URL: 'http://127.0.0.1:8080/t',
        NOTIFY_WEBHOOK_URL: 'http://localhost:8123/api/webhook/abc',
        CONFIRMATION_CALL_PROVIDER: 'twilio',
        CONFIRMATION_CALL_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
        CONFIRMATION_CALL_API_KEY: 'k',
        CONFIRMATION_CALL_FROM: '+12125550100',
      }),
    ).toEqual(['email', 'ntfy', 'sms', 'webhook']);
  });
});

describe('publicUrlFor: the origin of the links reminders carry', () => {
  it.each([
    ['PUBLIC_URL when set', { PUBLIC_URL: 'https://health.example.com/', ALLOWED_HOSTS: 'other.example.com' }, 'https://health.example.com'],
    ['the first ALLOWED_HOSTS name, over https', { ALLOWED_HOSTS: 'health.example.com:8443, care.example.org' }, 'https://health.example.com:8443'],
    ['an ALLOWED_HOSTS name with its own scheme', { ALLOWED_HOSTS: 'http://health.lan:5000' }, 'http://health.lan:5000'],
    ['this machine on PORT otherwise', { PORT: '5123' }, 'http://localhost:5123'],
    ['this machine on the default port', {}, 'http://localhost:5000'],
  ])('is %s', (_case, source, url) => {
    expect(publicUrlFor(loadEnv(source))).toBe(url);
  });
});
