/** The e-mail of a recovery in progress, so that a reload of Verify OTP keeps it. */
export const RECOVERY_EMAIL_KEY = 'recoveryEmail';
