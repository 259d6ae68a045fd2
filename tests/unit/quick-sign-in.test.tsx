import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuickSignIn } from '@/auth/QuickSignIn';
import { NETWORK_ERROR } from '@/providers/networkMessages';

/**
 * The light sign-in form a browser without a session gets first (src/main.tsx): the panel's
 * wording and checks, the server's refusal said, the session stored on success.
 */
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(fetchImpl: () => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const onSignedIn = vi.fn();
  const onStart = vi.fn();
  render(<QuickSignIn onSignedIn={onSignedIn} onStart={onStart} />);
  return { fetchMock, onSignedIn, onStart };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

describe('the light sign-in form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the panel’s login card and starts loading the panel when the admin starts on it', async () => {
    const { onStart } = setup(async () => answer(200, {}));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/admin-panel/send-otp',
    );
    expect(screen.getByRole('link', { name: 'Click Here' })).toHaveAttribute('href', '/');
    expect(onStart).not.toHaveBeenCalled();
    await userEvent.click(email());
    expect(onStart).toHaveBeenCalled();
  });

  it('asks for both fields and a valid e-mail before calling the server', async () => {
    const { fetchMock } = setup(async () => answer(200, {}));
    await userEvent.click(signInButton());
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();

    await userEvent.type(email(), 'asha@example');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(signInButton());
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the server’s refusal and stores nothing', async () => {
    const { fetchMock, onSignedIn } = setup(async () =>
      answer(401, { statusCode: 401, message: 'Invalid email or password.' }),
    );
    await userEvent.type(email(), 'admin@example.com');
    await userEvent.type(password(), 'not-the-password');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'admin@example.com', password: 'not-the-password' }),
      }),
    );
    expect(signInButton()).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.type(email(), 'admin@example.com');
    await userEvent.type(password(), 'Admin@12345');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR);
  });

  it('is busy while the server answers, then stores the session and opens the panel', async () => {
    let reply!: (response: Response) => void;
    const { onSignedIn } = setup(() => new Promise<Response>((resolve) => (reply = resolve)));
    await userEvent.type(email(), 'admin@example.com');
    await userEvent.type(password(), 'Admin@12345');
    await userEvent.click(signInButton());
    const busy = screen.getByRole('button', { name: 'Please Wait ...' });
    expect(busy).toBeDisabled();
    reply(
      answer(200, {
        statusCode: 200,
        message: 'Logged in successfully!',
        result: { token: 'tok-1', role: 'super-admin' },
      }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('role')).toBe('super-admin');
  });

  it('shows or hides the password', async () => {
    setup(async () => answer(200, {}));
    await userEvent.type(password(), 'secret');
    expect(password()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });
});
