import { describe, expect, it, vi } from 'vitest';
import { FRESH_PROOF_NEEDED } from '../../shared/rules/sign-in';
import { ApiError } from './api-client';
import { isProofAsked, PROOF_NOT_GIVEN, settleFreshProof, subscribeToProof, withFreshProof } from './fresh-proof';

const proofNeeded = () => new ApiError(403, JSON.stringify({ message: FRESH_PROOF_NEEDED }));

/** Waits until the dialog is asked for (the change's first answer has come back). */
function dialogAsked(): Promise<void> {
  return new Promise((resolve) => {
    if (isProofAsked()) return resolve();
    const stop = subscribeToProof(() => {
      if (!isProofAsked()) return;
      stop();
      resolve();
    });
  });
}

describe('withFreshProof', () => {
  it('passes a change through when the server takes it, without asking', async () => {
    const change = vi.fn(async () => 'done');
    expect(await withFreshProof(change)).toBe('done');
    expect(change).toHaveBeenCalledTimes(1);
    expect(isProofAsked()).toBe(false);
  });

  it('asks for proof when the server wants it, then sends the change once more', async () => {
    const change = vi.fn<() => Promise<string>>().mockRejectedValueOnce(proofNeeded()).mockResolvedValueOnce('done');
    const result = withFreshProof(change);
    await dialogAsked();
    settleFreshProof(true);
    expect(await result).toBe('done');
    expect(change).toHaveBeenCalledTimes(2);
    expect(isProofAsked()).toBe(false);
  });

  it('fails the change, unsent again, when the dialog is closed', async () => {
    const change = vi.fn<() => Promise<string>>().mockRejectedValue(proofNeeded());
    const result = withFreshProof(change);
    await dialogAsked();
    settleFreshProof(false);
    await expect(result).rejects.toThrow(PROOF_NOT_GIVEN);
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('passes any other refusal on as it is: a 403 of another kind asks nothing', async () => {
    const other = new ApiError(403, JSON.stringify({ message: 'An access token cannot change how you sign in: use the app' }));
    await expect(withFreshProof(() => Promise.reject(other))).rejects.toBe(other);
    expect(isProofAsked()).toBe(false);
  });

  it('asks once for two changes waiting at the same time', async () => {
    const first = vi.fn<() => Promise<number>>().mockRejectedValueOnce(proofNeeded()).mockResolvedValueOnce(1);
    const second = vi.fn<() => Promise<number>>().mockRejectedValueOnce(proofNeeded()).mockResolvedValueOnce(2);
    const results = Promise.all([withFreshProof(first), withFreshProof(second)]);
    await dialogAsked();
    settleFreshProof(true);
    expect(await results).toEqual([1, 2]);
  });
});
