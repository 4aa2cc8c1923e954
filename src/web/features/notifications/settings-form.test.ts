import { describe, expect, it } from 'vitest';
import { channelsInUse, refusedField } from './settings-form';

const none = { email: false, sms: false, ntfy: false, webhook: false };

describe('Settings → Notifications', () => {
  it('offers detailed reminders only on channels the server is set up for and the profile uses', () => {
    const all = { email: true, sms: true, ntfy: true, webhook: true };
    expect(channelsInUse({ available: all, communicationPreference: 'email' })).toEqual(['email', 'ntfy', 'webhook']);
    expect(channelsInUse({ available: all, communicationPreference: 'both' })).toEqual(['email', 'sms', 'ntfy', 'webhook']);
    expect(channelsInUse({ available: all, communicationPreference: 'none' })).toEqual(['ntfy', 'webhook']);
    expect(channelsInUse({ available: { ...none, sms: true }, communicationPreference: 'email' })).toEqual([]);
    expect(channelsInUse({ available: none, communicationPreference: 'both' })).toEqual([]);
  });

  it("reads the field a refusal names, nested ones too, and only the form's", () => {
    expect(refusedField('quietHours.start: must be a time of day such as 08:00')).toEqual({
      path: 'quietHours.start',
      message: 'must be a time of day such as 08:00',
    });
    expect(refusedField('switches.refills: must be true or false')).toEqual({ path: 'switches.refills', message: 'must be true or false' });
    expect(refusedField('userId: not yours')).toBeNull();
    expect(refusedField('Internal error')).toBeNull();
  });
});
