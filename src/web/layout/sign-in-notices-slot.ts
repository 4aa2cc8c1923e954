/**
 * Where the layout keeps room for the notice of a way in changed elsewhere: the notice itself comes with the header's
 * controls, after the first paint (layout/sign-in-notices.tsx), so that the first page carries none of its code.
 */
export const SIGN_IN_NOTICES_SLOT = 'sign-in-notices';
