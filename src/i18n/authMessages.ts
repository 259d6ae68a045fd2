/**
 * The sign-in and recovery screens' wording (`app.auth.*`), in a module of its own: the light
 * sign-in form (src/auth/QuickSignIn.tsx) shows it before react-admin and its translations load.
 */
export const authMessages = {
  login_title: 'Admin Login',
  login_subtitle: 'Sign in to manage orders, customers and the catalogue.',
  email: 'Email',
  password: 'Password',
  sign_in: 'Sign In',
  forgot: 'Forgot password?',
  logged_in: 'Logged in successfully!',
  send_otp_title: 'Send OTP',
  email_placeholder: 'Enter Email Here ...',
  send_otp: 'Send OTP',
  otp_sent: 'OTP sent successfully!',
  verify_title: 'Verify OTP',
  otp: 'OTP',
  verify: 'Verify OTP',
  otp_verified: 'OTP verified successfully!',
  resend_otp: 'Resend OTP',
  resend_in: 'Resend OTP in %{seconds} s',
  login_link: 'Login',
  go_to_website: 'Go to website ?',
  click_here: 'Click Here',
  back_to_login: 'Back to Login',
  update_title: 'Update Password',
  set_password: 'Set New Password',
  new_password: 'Password',
  confirm_password: 'Confirm Password',
  password_updated: 'Password has been updated successfully',
  change_title: 'Change Password',
  old_password: 'Old Password',
  new_password_change: 'New Password',
  change_submit: 'Change Password',
  password_changed: 'Password Changed successfully!',
  same_as_old: 'New Password should not be same as old password!',
  mismatch: 'Passwords do not match!',
  too_short: 'Password must be at least 8 characters long.',
  required: 'This field is required.',
  invalid_email: 'Please enter a valid e-mail address.',
  otp_format: 'The OTP is the 6-digit code from the e-mail.',
  no_recovery: 'Start by asking for an OTP for your e-mail address.',
  logout: 'Log Out',
};

/** The spec's busy label of a submit button (`app.busy`). */
export const BUSY = 'Please Wait ...';
