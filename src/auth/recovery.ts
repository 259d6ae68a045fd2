/** The e-mail of a recovery in progress, so that a reload of Verify OTP keeps it. */
export const RECOVERY_EMAIL_KEY = 'recoveryEmail';
/** When the last OTP of that recovery was sent (ms), for the Resend OTP countdown. */
export const OTP_SENT_AT_KEY = 'recoveryOtpSentAt';
