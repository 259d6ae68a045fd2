import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuthProvider, renderApp, renderPanel } from './helpers';

describe('sign-in', () => {
  // The redirect to login itself is covered by the browser tests (tests/e2e/auth.spec.ts).
  it('after sign-in, lands on the page first asked for', async () => {
    const authProvider = fakeAuthProvider(undefined, false);
    renderApp('/login', { authProvider, state: { nextPathname: '/categories/1' } });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Click Here' })).toHaveAttribute('href', '/');
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(
      screen.getByLabelText(/Password/, { selector: 'input' }),
      'right-password',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Categories' }),
    ).toBeInTheDocument();
  });

  it('shows the server message when sign-in fails and requires both fields', async () => {
    renderApp('/login', { authProvider: fakeAuthProvider(undefined, false) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });
});

describe('password recovery screens', () => {
  it('sends the OTP and carries the e-mail over, read-only', async () => {
    const { authProvider } = renderApp('/send-otp', {
      authProvider: fakeAuthProvider(undefined, false),
    });
    expect(await screen.findByRole('heading', { name: 'Send OTP' })).toBeInTheDocument();
    const email = screen.getByPlaceholderText('Enter Email Here ...');
    await userEvent.type(email, 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
    expect(authProvider.sendOtp).toHaveBeenCalledWith('asha@example.com');
    expect(await screen.findByRole('heading', { name: 'Verify OTP' })).toBeInTheDocument();
    const carried = screen.getByLabelText(/Email/);
    expect(carried).toHaveValue('asha@example.com');
    expect(carried).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText(/OTP/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(
      await screen.findByText('The OTP is the 6-digit code from the e-mail.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/OTP/), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    // Notifications queue one at a time: the screen change shows the verification went through.
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument();
    expect(authProvider.verifyOtp).toHaveBeenCalledWith('asha@example.com', '123456');
  });

  it('offers Resend OTP after a countdown and sends a new OTP to the same e-mail', async () => {
    sessionStorage.setItem('recoveryEmail', 'asha@example.com');
    // The first OTP went out 58 s ago: two seconds left before another may be asked for.
    sessionStorage.setItem('recoveryOtpSentAt', String(Date.now() - 58_000));
    try {
      const { authProvider } = renderApp('/verify-otp', {
        authProvider: fakeAuthProvider(undefined, false),
      });
      expect(await screen.findByRole('button', { name: /^Resend OTP in \d s$/ })).toBeDisabled();
      const resend = await screen.findByRole('button', { name: 'Resend OTP' }, { timeout: 5000 });
      await userEvent.click(resend);
      expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
      expect(authProvider.sendOtp).toHaveBeenCalledWith('asha@example.com');
      expect(screen.getByRole('button', { name: /^Resend OTP in (59|60) s$/ })).toBeDisabled();
    } finally {
      sessionStorage.clear();
    }
  });

  it('sends the security token with matching new passwords, then goes to login', async () => {
    const { authProvider } = renderApp('/update-forgot-password', {
      authProvider: fakeAuthProvider(undefined, false),
      state: { data: { securityToken: 'sec-1' } },
    });
    const [password, confirm] = await screen.findAllByLabelText(/Password/, { selector: 'input' });
    await userEvent.type(password!, 'new-password-1');
    await userEvent.type(confirm!, 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Passwords do not match!')).toBeInTheDocument();
    expect(authProvider.resetPassword).not.toHaveBeenCalled();
    await userEvent.clear(confirm!);
    await userEvent.type(confirm!, 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Password has been updated successfully')).toBeInTheDocument();
    expect(authProvider.resetPassword).toHaveBeenCalledWith({
      securityToken: 'sec-1',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('asks to start over when Update Password is opened without a verified OTP', async () => {
    renderApp('/update-forgot-password', { authProvider: fakeAuthProvider(undefined, false) });
    expect(await screen.findByText(/Start by asking for an OTP/)).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('checks the spec rules before calling the server', async () => {
    const { authProvider } = renderPanel('/change-password');
    const old = await screen.findByLabelText(/Old Password/, { selector: 'input' });
    await userEvent.type(old, 'same-password');
    await userEvent.type(
      screen.getByLabelText(/New Password/, { selector: 'input' }),
      'same-password',
    );
    await userEvent.type(
      screen.getByLabelText(/Confirm Password/, { selector: 'input' }),
      'other-password',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('New Password should not be same as old password!'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(authProvider.changePassword).not.toHaveBeenCalled();
  });
});

describe('sidebar', () => {
  it('shows a limited admin only Dashboard, their groups and Log Out', async () => {
    renderPanel('/dashboard', {
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
      layout: true,
    });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Orders Management')).toBeInTheDocument();
    expect(within(nav).getByText('Dashboard')).toBeInTheDocument();
    expect(within(nav).getByText('Log Out')).toBeInTheDocument();
    expect(within(nav).queryByText('Service Management')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Admin Users')).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByText('Orders Management'));
    expect(await within(nav).findByText('Water Orders')).toBeInTheDocument();
    expect(sessionStorage.getItem('activeSidebarList')).toBe('orders');
  });

  it('shows the full menu when the permissions cannot be loaded', async () => {
    renderPanel('/dashboard', { authProvider: fakeAuthProvider('fail'), layout: true });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Service Management')).toBeInTheDocument();
    expect(within(nav).getByText('Settings')).toBeInTheDocument();
  });

  it('shows Not allowed on a forced URL outside the admin permissions', async () => {
    renderPanel('/categories/1', {
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not allowed' }),
    ).toBeInTheDocument();
  });

  it('shows a page not found, in the layout, with a link to the dashboard, for an unknown address', async () => {
    renderApp('/no-such-screen/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByText(/Welcome/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('logs out from the top bar', async () => {
    const { authProvider } = renderApp('/dashboard');
    const bar = await screen.findByRole('banner');
    await userEvent.click(within(bar).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });
});
