import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { renderPanel, SEEDED_CATEGORIES } from './helpers';

describe('content calls (spec 001 §7, DESIGN.md)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);
  const jsonBody = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('reads the terms with GET terms-conditions/get-terms', async () => {
    answers.push({
      body: { statusCode: 200, result: { content: '<p>T</p>', termsAndConditions: '<p>T</p>' } },
    });
    const { data } = await provider.getTerms({});
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/terms-conditions/get-terms');
    expect(calls[0]!.url.search).toBe('');
    expect(data.content).toBe('<p>T</p>');
  });

  it('reads the privacy text with type=privacy', async () => {
    answers.push({ body: { statusCode: 200, result: { content: '', termsAndConditions: '' } } });
    await provider.getPrivacy({});
    expect(calls[0]!.url.pathname).toBe('/api/terms-conditions/get-terms');
    expect(calls[0]!.url.searchParams.get('type')).toBe('privacy');
  });

  it('saves the terms as JSON { content } and the privacy text with type: privacy', async () => {
    await provider.saveTerms({ content: '<p>T</p>' });
    await provider.savePrivacy({ content: '<p>P</p>', type: 'privacy' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/terms-conditions/create-terms',
      'POST /api/terms-conditions/create-terms',
    ]);
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(0)).toEqual({ content: '<p>T</p>' });
    expect(jsonBody(1)).toEqual({ content: '<p>P</p>', type: 'privacy' });
  });

  it('reads and saves contact us', async () => {
    answers.push({
      body: { statusCode: 200, result: { content: '', email: 'a@b.in', phone: '9876543210' } },
    });
    const { data } = await provider.getContactUs({});
    expect(data).toMatchObject({ email: 'a@b.in', phone: '9876543210' });
    await provider.saveContactUs({ content: '<p>C</p>', email: 'a@b.in', phone: '9876543210' });
    expect(calls[0]!.url.pathname).toBe('/api/contact-us/get-contact-us');
    expect(calls[1]!.url.pathname).toBe('/api/contact-us/create-contact-us');
    expect(jsonBody(1)).toEqual({ content: '<p>C</p>', email: 'a@b.in', phone: '9876543210' });
  });

  it('asks the server for the preview with POST content/preview', async () => {
    answers.push({ body: { statusCode: 200, result: { content: '<p>clean</p>' } } });
    const { data } = await provider.previewContent({ content: '<p onclick="x()">clean</p>' });
    expect(calls[0]!.url.pathname).toBe('/api/content/preview');
    expect(jsonBody()).toEqual({ content: '<p onclick="x()">clean</p>' });
    expect(data?.content).toBe('<p>clean</p>');
  });

  it('turns a refusal into the server message', async () => {
    answers.push({
      status: 400,
      body: { statusCode: 400, message: 'Email must be a valid e-mail address.' },
    });
    await expect(provider.saveContactUs({ content: '', email: 'x', phone: '1' })).rejects.toThrow(
      'Email must be a valid e-mail address.',
    );
  });
});

// jsdom does no layout; ProseMirror measures the selection to scroll it into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

/** `read` and `save` record which text (`termsText`, `privacyText`, `contactUs`) was asked. */
type Fake = DataProvider & { [K in 'read' | 'save' | 'previewContent']: Mock };

const TEXTS: Record<string, Record<string, unknown>> = {
  termsText: { content: '<p>Stored <strong>terms</strong></p>' },
  privacyText: { termsAndConditions: '<p>Stored privacy</p>', content: '<p>Stored privacy</p>' },
  contactUs: { content: '<p>Reach us</p>', email: 'care@doorstep.in', phone: '+91 98765 43210' },
};

function contentProvider(opts: { update?: Mock } = {}): Fake {
  const read = vi.fn(async (text: string) => ({ data: { ...TEXTS[text] }, meta: {} }));
  const save: Mock =
    opts.update ?? vi.fn(async (_text: string, values: object) => ({ data: values, meta: {} }));
  return testDataProvider({
    getList: vi.fn(async () => ({ data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length })),
    read,
    save,
    getTerms: () => read('termsText'),
    getPrivacy: () => read('privacyText'),
    getContactUs: () => read('contactUs'),
    saveTerms: (values: object) => save('termsText', values),
    savePrivacy: (values: object) => save('privacyText', values),
    saveContactUs: (values: object) => save('contactUs', values),
    previewContent: vi.fn(async ({ content }: { content: string }) => ({
      // What the server would answer: handlers gone.
      data: { content: content.replace(/ on\w+="[^"]*"/g, '') },
      meta: {},
    })),
  } as never) as Fake;
}

/** The editor of ra-input-rich-text: a contenteditable ProseMirror element. */
async function editor() {
  await waitFor(() => expect(document.querySelector('.ProseMirror')).not.toBeNull());
  return document.querySelector<HTMLElement>('.ProseMirror')!;
}

async function preview() {
  return within(await screen.findByRole('region', { name: 'Preview' })).findByTestId(
    'content-preview',
  );
}

describe('terms and privacy screens', () => {
  it('loads the stored terms into the editor and the preview, and saves { content }', async () => {
    const dataProvider = contentProvider();
    renderPanel('/terms-and-conditions', { dataProvider });
    expect(
      await screen.findByRole('heading', { name: 'Terms & Conditions', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await editor()).textContent).toBe('Stored terms'));
    expect((await preview()).innerHTML).toBe('<p>Stored <strong>terms</strong></p>');
    expect(dataProvider.read).toHaveBeenCalledWith('termsText');

    await userEvent.type(await editor(), ' updated');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.save).toHaveBeenCalledTimes(1));
    const [resource, params] = dataProvider.save.mock.calls[0]!;
    expect(resource).toBe('termsText');
    expect(params).toEqual({ content: expect.stringContaining('updated') });
    expect(await screen.findByText('Terms & Conditions saved successfully!')).toBeInTheDocument();
  });

  it('shows the server-sanitised preview of what is typed', async () => {
    const dataProvider = contentProvider();
    renderPanel('/terms-and-conditions', { dataProvider });
    await userEvent.type(await editor(), ' and more');
    await waitFor(() => expect(dataProvider.previewContent).toHaveBeenCalled(), { timeout: 3000 });
    const [params] = dataProvider.previewContent.mock.calls.at(-1)!;
    expect(params.content).toContain('and more');
    await waitFor(async () => expect((await preview()).textContent).toContain('and more'));
  });

  it('reads the privacy text from termsAndConditions and saves it with type privacy', async () => {
    const dataProvider = contentProvider();
    renderPanel('/privacy-policy', { dataProvider });
    expect(
      await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await editor()).textContent).toBe('Stored privacy'));
    await userEvent.type(await editor(), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.save).toHaveBeenCalledTimes(1));
    const [resource, params] = dataProvider.save.mock.calls[0]!;
    expect(resource).toBe('privacyText');
    expect(params).toEqual({ content: expect.stringContaining('!'), type: 'privacy' });
    expect(await screen.findByText('Privacy Policy saved successfully!')).toBeInTheDocument();
  });

  it('asks for content before sending an empty editor', async () => {
    const dataProvider = contentProvider();
    dataProvider.read.mockResolvedValue({ data: { content: '' }, meta: {} });
    renderPanel('/terms-and-conditions', { dataProvider });
    await userEvent.type(await editor(), 'x');
    await userEvent.type(await editor(), '{backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the content.')).toBeInTheDocument();
    expect(dataProvider.save).not.toHaveBeenCalled();
  });

  it("shows 'Please Wait ...' while saving and the failure wording when unreachable", async () => {
    let fail: (e: Error) => void = () => {};
    const update = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    renderPanel('/privacy-policy', { dataProvider: contentProvider({ update }) });
    await userEvent.type(await editor(), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const busy = await screen.findByRole('button', { name: 'Please Wait ...' });
    expect(busy).toBeDisabled();
    fail(new HttpError('network', 0));
    expect(
      await screen.findByText('Failed to save Privacy Policy. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('contact us screen', () => {
  it('loads the e-mail, phone and content and saves { content, email, phone }', async () => {
    const dataProvider = contentProvider();
    renderPanel('/contact-us', { dataProvider });
    const emailBox = await screen.findByLabelText(/^Email/);
    expect(emailBox).toHaveValue('care@doorstep.in');
    const phoneBox = screen.getByLabelText(/^Phone/);
    expect(phoneBox).toHaveValue('+91 98765 43210');
    await waitFor(async () => expect((await editor()).textContent).toBe('Reach us'));
    expect((await preview()).innerHTML).toBe('<p>Reach us</p>');

    await userEvent.clear(phoneBox);
    await userEvent.type(phoneBox, '080 2345 6789');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.save).toHaveBeenCalledTimes(1));
    const [resource, params] = dataProvider.save.mock.calls[0]!;
    expect(resource).toBe('contactUs');
    expect(params).toEqual({
      content: '<p>Reach us</p>',
      email: 'care@doorstep.in',
      phone: '080 2345 6789',
    });
    expect(await screen.findByText('Contact Us updated successfully!')).toBeInTheDocument();
  });

  it('checks the e-mail and phone before sending anything', async () => {
    const dataProvider = contentProvider();
    renderPanel('/contact-us', { dataProvider });
    const emailBox = await screen.findByLabelText(/^Email/);
    const phoneBox = screen.getByLabelText(/^Phone/);
    await userEvent.clear(emailBox);
    await userEvent.type(emailBox, 'care.doorstep.in');
    await userEvent.clear(phoneBox);
    await userEvent.type(phoneBox, '12345');
    fireEvent.blur(phoneBox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(await screen.findByText(/^Please enter a valid phone number/)).toBeInTheDocument();
    await userEvent.clear(emailBox);
    await userEvent.clear(phoneBox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the e-mail address.')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the phone number.')).toBeInTheDocument();
    expect(dataProvider.save).not.toHaveBeenCalled();
  });

  it('shows the server message when the server refuses the values', async () => {
    const update = vi.fn(async () => {
      throw new HttpError('Phone must be an Indian mobile number.', 400);
    });
    renderPanel('/contact-us', { dataProvider: contentProvider({ update }) });
    const phoneBox = await screen.findByLabelText(/^Phone/);
    await userEvent.type(phoneBox, '0');
    await userEvent.clear(phoneBox);
    await userEvent.type(phoneBox, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone must be an Indian mobile number.')).toBeInTheDocument();
  });
});
