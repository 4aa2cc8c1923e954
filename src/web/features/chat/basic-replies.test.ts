import { describe, expect, it } from 'vitest';
import { BASIC_REPLIES, basicReplyDelay, pickBasicReply } from './basic-replies';

describe('the Basic Chat replies', () => {
  it('picks each of the five, whatever the random number', () => {
    expect(new Set([0, 0.2, 0.4, 0.6, 0.8, 0.999999].map((r) => pickBasicReply(() => r))).size).toBe(5);
    expect(pickBasicReply(() => 1)).toBe(BASIC_REPLIES[4]);
  });

  it('waits 1,000 ms plus up to 2,000 ms', () => {
    expect(basicReplyDelay(() => 0)).toBe(1000);
    expect(basicReplyDelay(() => 0.5)).toBe(2000);
    expect(basicReplyDelay(() => 0.999)).toBeLessThan(3000);
  });
});
