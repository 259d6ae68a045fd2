import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '@resources/index';
import { resourceRules } from '@/layout/menuModel';
import { createAuthProvider } from '@/providers/authProvider';
import { createDataProvider } from '@/providers/dataProvider';
import {
  apiDownload,
  apiRequest,
  isTimeout,
  NETWORK_ERROR,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ERROR,
  timeoutError,
} from '@/providers/httpClient';
import { createQueryClient } from '@/App';
import { stubApi } from './apiStub';
import { heading, renderApp, renderPanel, SLOW } from './helpers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer that never comes. */
const silence = () => new Promise<Response>(() => undefined);

const png = (bytes: number, name = 'milk.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('the HTTP client (axios)', () => {
  const { calls, answers } = stubApi();
  afterEach(() => vi.useRealTimers());

  it("sends the session's bearer token, and none without a session", async () => {
    await apiRequest({ method: 'GET', path: 'category/get-category/c1' });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(calls[0]!.input).toBe('/api/category/get-category/c1');

    localStorage.removeItem('token');
    await apiRequest({ method: 'POST', path: 'admin/login', body: { email: 'a@b.c' } });
    expect(calls[1]!.headers.has('authorization')).toBe(false);
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ email: 'a@b.c' });
  });

  it("unwraps each of the spec's envelopes, and fails on the code an envelope carries", async () => {
    answers.push({ body: { statusCode: 200, message: 'ok', result: { category: { _id: 'c1' } } } });
    await expect(apiRequest({ method: 'GET', path: 'category/get-category/c1' })).resolves.toEqual({
      statusCode: 200,
      message: 'ok',
      result: { category: { _id: 'c1' } },
    });

    // Banners and support spell `statuscode`; an answer of 200 whose envelope says 404 fails.
    answers.push({ body: { statuscode: 200, result: { banners: [] } } });
    await expect(
      apiRequest({ method: 'GET', path: 'banner/all', envelope: 'statuscode' }),
    ).resolves.toMatchObject({ result: { banners: [] } });
    answers.push({ body: { statuscode: 404, message: 'No banner with this id.' } });
    await expect(
      apiRequest({ method: 'GET', path: 'banner/b9', envelope: 'statuscode' }),
    ).rejects.toMatchObject({ status: 404, message: 'No banner with this id.' });

    // The plan update answers a `success` flag.
    answers.push({ body: { success: true, message: 'Plan updated' } });
    await expect(
      apiRequest({ method: 'POST', path: 'plan/update', body: {}, envelope: 'success' }),
    ).resolves.toMatchObject({ message: 'Plan updated' });
    answers.push({ body: { success: false, message: 'The plan is in use.' } });
    await expect(
      apiRequest({ method: 'POST', path: 'plan/update', body: {}, envelope: 'success' }),
    ).rejects.toMatchObject({ status: 400, message: 'The plan is in use.' });
  });

  it("turns a 4xx into an HttpError with the server's message, status and body", async () => {
    const body = { statusCode: 422, message: 'The pin code must have 6 digits.' };
    answers.push({ status: 422, body });
    const error = await apiRequest({ method: 'POST', path: 'pincode/add', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: body.message, body });

    // A proxy's HTML error page: the status alone.
    answers.push(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest({ method: 'GET', path: 'order/all' })).rejects.toMatchObject({
      status: 502,
      message: 'The server answered 502.',
    });
  });

  it("sends back its latest write's database position, so that a list read next holds it", async () => {
    // With a read replica the server answers a write with X-Read-After (docs/operations.md).
    const saved = (position: string) => () =>
      new Response(JSON.stringify({ statusCode: 200, message: 'Saved' }), {
        headers: { 'content-type': 'application/json', 'x-read-after': position },
      });
    const list = () => apiRequest({ method: 'GET', path: 'pincode/get-paginated-pincodes' });
    const sentLast = () => calls.at(-1)!.headers.get('x-read-after');

    answers.push(saved('1/1A2B3C0'));
    await apiRequest({ method: 'POST', path: 'pincode/add', body: { pinCode: '110001' } });
    await list();
    expect(sentLast()).toBe('1/1A2B3C0');

    // A slower answer of an earlier write does not take it back; a later write moves it on.
    answers.push(saved('0/FFFFFFF0'));
    await apiRequest({ method: 'POST', path: 'pincode/edit', body: { pinCode: '110002' } });
    await list();
    expect(sentLast()).toBe('1/1A2B3C0');
    answers.push(saved('1/1A2C000'));
    await apiRequest({ method: 'POST', path: 'pincode/add', body: { pinCode: '110003' } });
    await list();
    expect(sentLast()).toBe('1/1A2C000');
  });

  it('gives up on an ordinary call after 30 s with a message a person can act on', async () => {
    vi.useFakeTimers();
    answers.push(silence);
    const settled = vi.fn();
    const call = apiRequest({ method: 'GET', path: 'order/all' });
    call.then(settled, settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(calls[0]!.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_ERROR });
    expect(TIMEOUT_ERROR).toBe(
      'The server did not answer in time. Check your connection and try again.',
    );
    expect(isTimeout(error)).toBe(true);
  });

  it('does not make a person wait for a timed-out list twice more (no retry)', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      failures: number,
      error: unknown,
    ) => boolean;
    expect(retry(0, timeoutError())).toBe(false);
    expect(retry(0, new HttpError(NETWORK_ERROR, 0))).toBe(true);
  });

  it('says when the server cannot be reached, unlike a timeout', async () => {
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest({ method: 'GET', path: 'order/all' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR });
    expect(isTimeout(error)).toBe(false);
  });

  it('lets an upload run while bytes move, and times it out once they stop for 30 s', async () => {
    vi.useFakeTimers();
    answers.push(silence);
    const progress: unknown[] = [];
    const call = apiRequest({
      method: 'POST',
      path: 'category/create-category',
      body: { name: 'Milk', image: { rawFile: png(1000) } },
      bodyKind: 'multipart',
      onUploadProgress: (sent) => progress.push(sent),
    });
    const settled = vi.fn();
    call.then(settled, settled);
    await vi.advanceTimersByTimeAsync(20_000);
    // No overall limit on an upload (a banner may carry ten 5 MB images on a slow line) ...
    expect(calls[0]!.timeout).toBe(0);
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    calls[0]!.uploadProgress(500, 1000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(settled).not.toHaveBeenCalled();
    expect(progress).toEqual([{ loaded: 500, total: 1000 }]);
    // ... but 30 s with no progress and no answer is a timeout.
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(call).rejects.toMatchObject({ status: 0, message: TIMEOUT_ERROR });
    // Settled: the input's bar goes.
    expect(progress.at(-1)).toBeNull();
  });

  it('times a download out when the server stays silent, and keeps a 401 for the authProvider', async () => {
    answers.push({
      status: 401,
      body: { statusCode: 401, message: 'Please sign in to continue.' },
    });
    await expect(apiDownload({ path: 'order/job-sheet/w1' })).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in to continue.',
    });

    vi.useFakeTimers();
    answers.push(silence);
    const download = apiDownload({ path: 'order/job-sheet/w1' });
    const settled = vi.fn();
    download.then(settled, settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(download).rejects.toMatchObject({ status: 0, message: TIMEOUT_ERROR });
  });

  it('passes a download stopped by the caller on as an abort, not as a failure', async () => {
    answers.push(silence);
    const controller = new AbortController();
    const download = apiDownload({ path: 'order/job-sheet/w1', signal: controller.signal });
    await waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    const error = await download.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(controller.signal.aborted).toBe(true);
  });
});

describe('a 401 from the server', () => {
  const ADMIN = {
    _id: 'a1',
    name: 'Asha Admin',
    email: 'admin@example.com',
    role: 'super-admin',
    permissions: null,
  };
  const { calls } = stubApi((call) =>
    call.input === '/api/admin/get-user-data'
      ? { statusCode: 200, result: { user: [ADMIN] } }
      : json(401, { statusCode: 401, message: 'Your session has expired. Please sign in again.' }),
  );

  it('ends the session and shows the sign-in page (the real providers)', async () => {
    renderApp('/pincodes/1', {
      dataProvider: createDataProvider<AppActions>(resources),
      authProvider: createAuthProvider(resourceRules(resources)),
    });
    expect(await screen.findByRole('heading', { name: 'Admin Login' }, SLOW)).toBeVisible();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    // The first call the server refused (the menu's categories) carried the token.
    const refused = calls.find((c) => c.input !== '/api/admin/get-user-data');
    expect(refused?.headers.get('authorization')).toBe('Bearer tok-123');
  });
});

describe('upload progress on an image input', () => {
  const { calls, answers } = stubApi();

  async function fillCategory(file: File) {
    renderPanel('/category/add', { dataProvider: createDataProvider<AppActions>(resources) });
    await heading('Add Category');
    await userEvent.type(screen.getByLabelText(/Name/), 'Milk');
    await userEvent.type(screen.getByLabelText(/Title/), 'Fresh milk');
    await userEvent.type(screen.getByLabelText(/Description/), 'Morning delivery of milk packets.');
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
  }

  const created = { statusCode: 201, message: 'Category Milk created successfully' };

  it('shows how far a large image has gone while the form saves, then goes', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answers.push(async (call) => {
      call.uploadProgress(1024 * 1024, 2 * 1024 * 1024);
      await answered;
      return json(201, { ...created, result: { category: { _id: 'c9', name: 'Milk' } } });
    });
    await fillCategory(png(2 * 1024 * 1024));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Uploading… 50% (1.0 MB of 2.0 MB)',
    );
    expect(screen.getByRole('progressbar', { name: 'Image upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    // The form stays busy and cannot be sent twice.
    expect(screen.getByRole('button', { name: 'Adding ...' })).toBeDisabled();
    expect((calls[0]!.body as FormData).get('image')).toBeInstanceOf(File);

    // Every byte out: the bar waits on the server without a figure.
    calls[0]!.uploadProgress(2 * 1024 * 1024, 2 * 1024 * 1024);
    expect(
      await screen.findByText('Uploaded; the server is checking the images…'),
    ).toBeInTheDocument();

    answer();
    expect(await screen.findByText('Category Milk created successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Image upload' })).not.toBeInTheDocument();
  });

  it('shows no bar for a small image', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answers.push(async (call) => {
      call.uploadProgress(10_000, 20_000);
      await answered;
      return json(201, { ...created, result: { category: { _id: 'c9', name: 'Milk' } } });
    });
    await fillCategory(png(20_000));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Adding ...' })).toBeDisabled();
    await waitFor(() => expect(calls).toHaveLength(1));
    // The progress was reported as the call was made; axios hands it on in a microtask
    // (utils.asap): once the next task has come round and React has drawn, a bar would show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('progressbar', { name: 'Image upload' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Category Milk created successfully')).toBeInTheDocument();
  });

  it('says what to do when the upload times out, and the form can be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      answers.push(silence);
      await fillCategory(png(2 * 1024 * 1024));
      await userEvent.click(screen.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(
        await screen.findByText(
          'Failed to add category. Please try again. The server did not answer in time. Check your connection and try again.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
