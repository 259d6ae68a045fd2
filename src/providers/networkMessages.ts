/**
 * What a person is told when a call gets no answer: a module of its own, so that the light
 * sign-in form (src/auth/QuickSignIn.tsx) says it as the panel does without loading its client.
 */
export const NETWORK_ERROR = 'Unable to reach the server. Check your connection and try again.';
export const TIMEOUT_ERROR =
  'The server did not answer in time. Check your connection and try again.';
export const DOWNLOAD_CUT =
  'The download stopped before the end (connection lost). Check your connection and try again.';
