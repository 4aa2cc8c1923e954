import { describe, expect, it } from 'vitest';
import { signInSettingsFor } from './sign-in-settings';

// Whether the app is reachable beyond this machine decides whether a fresh install serves anything before the setup
// code (ADR 17): a mistake here would open a LAN-facing install to anyone.

const settings = (HOST: string, ALLOWED_HOSTS: string[] = []) =>
  signInSettingsFor({ HOST, ALLOWED_HOSTS, SESSION_IDLE_MINUTES: 30, SESSION_MAX_DAYS: 7, SIGN_IN_FRESH_MINUTES: 5 });

describe('signInSettingsFor', () => {
  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])('keeps %s, a loopback address, on loopback', (host) => {
    expect(settings(host).beyondLoopback).toBe(false);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'health.example.com', 'localhost.'])('counts %s as reachable beyond loopback', (host) => {
    expect(settings(host).beyondLoopback).toBe(true);
  });

  it('counts a loopback HOST with ALLOWED_HOSTS (a reverse proxy) as reachable beyond loopback', () => {
    expect(settings('127.0.0.1', ['health.example.com']).beyondLoopback).toBe(true);
  });

  it('takes the session limits and how recent a proof must be from the environment', () => {
    const fromEnv = signInSettingsFor({ HOST: '127.0.0.1', ALLOWED_HOSTS: [], SESSION_IDLE_MINUTES: 0.05, SESSION_MAX_DAYS: 2, SIGN_IN_FRESH_MINUTES: 0.1 });
    expect(fromEnv.limits).toEqual({ idleMinutes: 0.05, maxDays: 2 });
    expect(fromEnv.freshMinutes).toBe(0.1);
  });
});
