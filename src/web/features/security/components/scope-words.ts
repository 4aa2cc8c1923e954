import type { AccessTokenScope } from '../../../../shared/rules/sign-in';

/** A token's scope as the screen names it. */
export const SCOPE_WORDS: Record<AccessTokenScope, string> = { read: 'Read only', 'read-write': 'Read and change' };
