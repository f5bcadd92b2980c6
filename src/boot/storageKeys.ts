/** The browser's remembered choices, read by the app and by index.html's first script alike. */
export const LANGUAGE_STORAGE_KEY = 'manzil.language'
/** src/common/sessionHint.ts: "someone signed in on this browser". */
export const SESSION_HINT_KEY = 'manzil.signedIn'
