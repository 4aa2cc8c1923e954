import { MutationObserver, QueryObserver, type MutationMeta, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** A list query that counts its fetches, observed as a mounted screen observes it (so it is active). */
async function watchedList(client: QueryClient, queryKey: readonly unknown[]) {
  const fetched = { count: 0 };
  // Each fetch takes a moment, as a request does, so that finishing before or after the mutation differs.
  const queryFn = () => new Promise<number>((resolve) => setTimeout(() => resolve(++fetched.count), 20));
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await observer.refetch();
  return { fetched, unsubscribe };
}

async function run(client: QueryClient, options: ConstructorParameters<typeof MutationObserver<unknown, Error, void>>[1]) {
  return new MutationObserver(client, options).mutate(undefined).catch(() => 'failed');
}

describe("a mutation's meta.invalidates", () => {
  it('invalidates every listed key, and through a prefix every list under it, after a success', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['records', 1], queryFn: () => 'first' });
    await client.prefetchQuery({ queryKey: ['activities', 1, 5], queryFn: () => 'first' });
    await client.prefetchQuery({ queryKey: ['activities', 1, 'all'], queryFn: () => 'first' });
    await client.prefetchQuery({ queryKey: ['appointments', 1], queryFn: () => 'first' });

    await run(client, { mutationFn: async () => 'done', meta: { invalidates: [['records', 1], ['activities', 1]] } });

    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['records', 1])).toBe(true);
    expect(invalidated(['activities', 1, 5])).toBe(true);
    expect(invalidated(['activities', 1, 'all'])).toBe(true);
    expect(invalidated(['appointments', 1])).toBe(false);
  });

  it('refetches after a failure too, and the mutation settles only once the active lists are fresh', async () => {
    const client = createQueryClient();
    const records = await watchedList(client, ['records', 1]);
    expect(records.fetched.count).toBe(1);

    const outcome = await run(client, {
      mutationFn: async () => {
        throw new ApiError(404, '{"message":"Medical record not found"}');
      },
      meta: { invalidates: [['records', 1]] },
    });

    expect(outcome).toBe('failed');
    // Refetched before mutate() returned: whatever follows the mutation sees the new list.
    expect(records.fetched.count).toBe(2);
    expect(client.getQueryData(['records', 1])).toBe(2);
    records.unsubscribe();
  });

  it('leaves every query alone when a mutation lists nothing', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['records', 1], queryFn: () => 'first' });
    await run(client, { mutationFn: async () => 'done' });
    expect(client.getQueryState(['records', 1])?.isInvalidated).toBe(false);
  });
});

describe('a 401', () => {
  const unauthorized = async (): Promise<never> => {
    throw new ApiError(401, '{"message":"Sign in to continue"}');
  };
  const sessionFetches = async (client: QueryClient, access: string) => {
    const fetched = { count: 0 };
    const observer = new QueryObserver(client, {
      queryKey: ['session'],
      queryFn: async () => ({ access, patientId: ++fetched.count, methods: { passkey: false, passphrase: true } }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    return { fetched, unsubscribe };
  };

  it.each(['signed-in', 'open'])("from a query or a mutation, while the session says '%s', asks for the session again", async (access) => {
    const client = createQueryClient();
    const session = await sessionFetches(client, access);
    await client.fetchQuery({ queryKey: ['records', 1], queryFn: unauthorized }).catch(() => {});
    await vi.waitFor(() => expect(session.fetched.count).toBe(2));
    await run(client, { mutationFn: unauthorized });
    await vi.waitFor(() => expect(session.fetched.count).toBe(3));
    session.unsubscribe();
  });

  it('while the sign-in screen is up (its own refusal), and any other error, change nothing', async () => {
    const client = createQueryClient();
    const session = await sessionFetches(client, 'sign-in');
    await run(client, { mutationFn: unauthorized });
    const otherClient = createQueryClient();
    const other = await sessionFetches(otherClient, 'signed-in');
    await run(otherClient, { mutationFn: async () => Promise.reject(new ApiError(404, '{"message":"Medical record not found"}')) });
    await otherClient.fetchQuery({ queryKey: ['records', 1], queryFn: async () => Promise.reject(new Error('Failed to fetch')) }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.fetched.count).toBe(1);
    expect(other.fetched.count).toBe(1);
    session.unsubscribe();
    other.unsubscribe();
  });
});

// `invalidates` is a list of query keys: `npm run typecheck` (tsconfig.web-test.json) fails if a single key is
// accepted, as the unused @ts-expect-error would then be. A type, not a test: nothing here runs.
// @ts-expect-error a single key is not a list of keys
export const singleKeyIsRefused: MutationMeta = { invalidates: ['records', 1] };
