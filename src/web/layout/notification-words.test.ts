import { describe, expect, it } from 'vitest';
import { appPath, failedChannelsWords, unreadSentence } from './notification-words';

describe("the notifications panel's words", () => {
  it("says the spec's sentence, in the singular for one and 'no' for none", () => {
    expect(unreadSentence(3)).toBe('You have 3 unread notifications.');
    expect(unreadSentence(1)).toBe('You have 1 unread notification.');
    expect(unreadSentence(0)).toBe('You have no unread notifications.');
  });

  it('names the channels a notification could not reach', () => {
    expect(failedChannelsWords(['email'])).toBe('Could not be sent by e-mail');
    expect(failedChannelsWords(['email', 'sms', 'ntfy'])).toBe('Could not be sent by e-mail, text message (SMS) and ntfy');
    expect(failedChannelsWords(['webhook'])).toBe('Could not be sent by webhook');
  });

  it("leads only to the app's own paths", () => {
    expect(appPath('/appointments')).toBe('/appointments');
    expect(appPath('/medications?id=3')).toBe('/medications?id=3');
    expect(appPath('//evil.example/x')).toBe('/');
    expect(appPath('/\\evil.example')).toBe('/');
    expect(appPath('https://evil.example/')).toBe('/');
    expect(appPath('javascript:alert(1)')).toBe('/');
  });
});
