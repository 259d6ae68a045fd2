import type { AdminUserData } from '../providers/authProvider';

/**
 * What the light sign-in form (QuickSignIn.tsx) hands the panel it opens: it signs in before
 * react-admin has loaded, so the panel's layout says 'Logged in successfully!' once it shows
 * (Layout.tsx), and the authProvider starts from the admin's data the sign-in answered instead
 * of asking for them again (one round trip less on a phone network).
 */
let welcome = false;
let user: AdminUserData | undefined;

export function arriveSignedIn(signedIn: AdminUserData | undefined) {
  welcome = true;
  user = signedIn;
}

/** Whether to say 'Logged in successfully!' now; true once. */
export function takeWelcome(): boolean {
  const now = welcome;
  welcome = false;
  return now;
}

/** The admin's data as the sign-in answered them, once. */
export function takeSignedInUser(): AdminUserData | undefined {
  const data = user;
  user = undefined;
  return data;
}
