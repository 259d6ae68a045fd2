import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { App } from '@landing/App';
import { contentPagesTable } from '@server/db/schema';
import { MAX_RICH_TEXT_CHARS } from '@server/lib/richText';
import { deniedMessage } from '@server/permissions';
import { bearer, createTestServer, type TestAdmin, type TestServer, apiClient } from './helpers';

let s: TestServer;
let editor: TestAdmin;
let outsider: TestAdmin;
let distDir: string;

// The landing page as `npm run build` leaves it: the real components rendered with placeholders.
async function writeBuiltLanding(dir: string) {
  await mkdir(path.join(dir, 'landing'), { recursive: true });
  const body = renderToString(createElement(App, { year: 2025 }));
  await writeFile(
    path.join(dir, 'landing', 'index.html'),
    `<!doctype html><html lang="en"><head><title>Doorstep</title>` +
      `<link rel="stylesheet" crossorigin href="/assets/landing-test.css"></head>` +
      `<body><div id="landing">${body}</div></body></html>`,
  );
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'hs-content-dist-'));
  await writeBuiltLanding(distDir);
  s = await createTestServer({ env: { DIST_DIR: distDir } });
  editor = await s.createAdmin({ permissions: { settings: true } });
  outsider = await s.createAdmin({ permissions: { orders: true, supports: true } });
});
afterAll(async () => {
  await s.close();
  await rm(distDir, { recursive: true, force: true });
});

const { get, post } = apiClient(() => s);

const HOSTILE = [
  '<h1>Our terms</h1>',
  '<p onclick="steal()" style="color:red; text-align: center">Welcome <strong>friend</strong></p>',
  '<script>alert("x")</script>',
  '<img src="x" onerror="alert(1)">',
  '<p><a href="javascript:alert(1)">click</a> <a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
  ' <a href="https://example.com/help" target="_self">help</a>',
  ' <a href="mailto:care@doorstep.example">mail</a> <a href="tel:+919876543210">call</a></p>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  '<ul><li><em>one</em></li><li><u>two</u> <s>old</s></li></ul><blockquote>quote</blockquote>',
].join('');

const CLEAN = [
  '<h2>Our terms</h2>',
  '<p style="text-align:center">Welcome <strong>friend</strong></p>',
  '<p><a>click</a> <a>data</a>',
  ' <a href="https://example.com/help" target="_blank" rel="noopener noreferrer">help</a>',
  ' <a href="mailto:care@doorstep.example">mail</a> <a href="tel:+919876543210">call</a></p>',
  '<ul><li><em>one</em></li><li><u>two</u> <s>old</s></li></ul><blockquote>quote</blockquote>',
].join('');

describe('terms and privacy (spec 001 §7, DESIGN.md)', () => {
  it('answers empty texts before anything is saved', async () => {
    const res = await get('terms-conditions/get-terms');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      result: { content: '', termsAndConditions: '' },
    });
  });

  it('stores hostile HTML as clean HTML and answers the clean text twice', async () => {
    const saved = await post('terms-conditions/create-terms', { content: HOSTILE }, editor.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      statusCode: 200,
      message: 'Terms & Conditions saved successfully!',
    });
    const res = await get('terms-conditions/get-terms', editor.token);
    expect(res.json().result).toEqual({ content: CLEAN, termsAndConditions: CLEAN });
    for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'data:', 'iframe', 'color']) {
      expect(res.json().result.content).not.toContain(bad);
    }
  });

  it('keeps the privacy text apart from the terms (type=privacy)', async () => {
    const saved = await post('terms-conditions/create-terms', {
      content: '<p>We never sell your <b>data</b>.</p>',
      type: 'privacy',
    });
    expect(saved.json()).toEqual({
      statusCode: 200,
      message: 'Privacy Policy saved successfully!',
    });
    const privacy = await get('terms-conditions/get-terms?type=privacy');
    expect(privacy.json().result).toEqual({
      content: '<p>We never sell your <b>data</b>.</p>',
      termsAndConditions: '<p>We never sell your <b>data</b>.</p>',
    });
    const terms = await get('terms-conditions/get-terms');
    expect(terms.json().result.content).toBe(CLEAN);
  });

  it('lets any signed-in admin read, but only Settings write', async () => {
    expect((await get('terms-conditions/get-terms', outsider.token)).statusCode).toBe(200);
    expect((await get('terms-conditions/get-terms', null)).statusCode).toBe(401);
    const denied = await post(
      'terms-conditions/create-terms',
      { content: '<p>x</p>' },
      outsider.token,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(deniedMessage('settings'));
    const terms = await get('terms-conditions/get-terms');
    expect(terms.json().result.content).toBe(CLEAN);
  });

  it('refuses a bad type, a text that is not text and a text that is too long', async () => {
    const badType = await get('terms-conditions/get-terms?type=refunds');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('Type must be terms or privacy.');
    const notText = await post('terms-conditions/create-terms', { content: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toBe('Content must be text.');
    const tooLong = await post('terms-conditions/create-terms', {
      content: `<p>${'a'.repeat(MAX_RICH_TEXT_CHARS)}</p>`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^The text is too long/);
  });

  // Issue 11, finding 9: an empty body used to erase the published text with a 200.
  it.each([
    ['{}', {}],
    ['null', null],
    ['""', ''],
    ['{"content":""}', { content: '' }],
    ['{"content":null}', { content: null }],
    ['{"content":"<p></p>"}', { content: '<p></p>' }],
    ['{"content":"<p><br></p>"}', { content: '<p><br></p>' }],
    ['{"content":"<p> &nbsp; </p>"}', { content: '<p> &nbsp; </p>' }],
    ['{"content":"<script>x</script>"}', { content: '<script>x</script>' }],
  ])('refuses %s and keeps the published text', async (_name, body) => {
    for (const type of ['terms', 'privacy'] as const) {
      const before = (await get(`terms-conditions/get-terms?type=${type}`)).json().result;
      expect(before.content).not.toBe('');
      const payload =
        type === 'privacy' && body && typeof body === 'object' ? { ...body, type } : body;
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/terms-conditions/create-terms',
        headers: { ...bearer(s.superToken), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: 'Content is required.' });
      const after = (await get(`terms-conditions/get-terms?type=${type}`)).json().result;
      expect(after, type).toEqual(before);
    }
  });

  it('refuses control characters in the text', async () => {
    const res = await post('terms-conditions/create-terms', { content: '<p>a\u0000b</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Content must not contain control characters.');
  });
});

describe('contact us (spec 001 §5, §7)', () => {
  const contact = {
    content: '<p>Call us <a href="javascript:void(0)" onmouseover="x()">any time</a>.</p>',
    email: 'Care@Doorstep.example',
    phone: '+91 80-4567 8900',
  };

  it('is readable without a token, empty before it is saved', async () => {
    const res = await get('contact-us/get-contact-us', null);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ content: '', email: '', phone: '' });
  });

  it('saves the sanitised content with the e-mail and phone', async () => {
    const saved = await post('contact-us/create-contact-us', contact, editor.token);
    expect(saved.json()).toEqual({ statusCode: 200, message: 'Contact Us updated successfully!' });
    const res = await get('contact-us/get-contact-us', null);
    expect(res.json().result).toEqual({
      content: '<p>Call us <a>any time</a>.</p>',
      email: 'care@doorstep.example',
      phone: '+91 80-4567 8900',
    });
  });

  it.each([
    [{ email: '' }, 'Email is required.'],
    [{ email: 'not-an-email' }, 'Email must be a valid e-mail address.'],
    [{ phone: '' }, 'Phone is required.'],
    [{ phone: '12345' }, /^Phone must be an Indian mobile number/],
    [{ phone: '+91 98765 432100' }, /^Phone must be an Indian mobile number/],
  ])('refuses %o', async (change, message) => {
    const res = await post('contact-us/create-contact-us', { ...contact, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });

  it.each([
    ['{}', {}],
    ['null', null],
    ['""', ''],
    ['no content', { email: contact.email, phone: contact.phone }],
    ['{"content":""}', { ...contact, content: '' }],
    ['{"content":"<p></p>"}', { ...contact, content: '<p></p>' }],
    ['{"content":"<p><br></p>"}', { ...contact, content: '<p><br></p>' }],
  ])('refuses %s and keeps the saved contact details', async (_name, body) => {
    const before = (await get('contact-us/get-contact-us', null)).json().result;
    expect(before.content).not.toBe('');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/contact-us/create-contact-us',
      headers: { ...bearer(s.superToken), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Content is required.' });
    expect((await get('contact-us/get-contact-us', null)).json().result).toEqual(before);
  });

  it('accepts mobiles and landlines as people write them', async () => {
    for (const phone of ['9876543210', '098765 43210', '+91-98765-43210', '080 2345 6789']) {
      const res = await post('contact-us/create-contact-us', { ...contact, phone });
      expect(res.statusCode, phone).toBe(200);
    }
  });

  it('needs Settings to write', async () => {
    const res = await post('contact-us/create-contact-us', contact, outsider.token);
    expect(res.statusCode).toBe(403);
    expect((await post('contact-us/create-contact-us', contact, null)).statusCode).toBe(401);
  });
});

describe('preview (addition)', () => {
  it('answers what a save would store, without storing it', async () => {
    const res = await post('content/preview', { content: HOSTILE }, editor.token);
    expect(res.json()).toMatchObject({ statusCode: 200, result: { content: CLEAN } });
    expect(
      (await post('content/preview', { content: '<p>x</p>' }, outsider.token)).statusCode,
    ).toBe(403);
  });

  it('answers an empty editor with an empty preview: only a save needs content', async () => {
    for (const body of [{}, { content: '' }, { content: '<p><br></p>' }]) {
      const res = await post('content/preview', body, editor.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual({ content: '' });
    }
  });
});

describe('pages for visitors', () => {
  beforeAll(async () => {
    await post('terms-conditions/create-terms', { content: HOSTILE });
    await post('terms-conditions/create-terms', {
      content: '<h2>Your data</h2><p>We keep your address to deliver.</p>',
      type: 'privacy',
    });
    await post('contact-us/create-contact-us', {
      content: '<p>Call us any time.</p>',
      email: 'help@doorstep.example',
      phone: '+91 80 4567 8900',
    });
  });

  const page = (url: string) => s.app.inject({ method: 'GET', url });

  it('GET /terms shows the saved, sanitised terms in a complete page', async () => {
    const res = await page('/terms');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(res.body).toContain('<h1>Terms &amp; Conditions</h1>');
    expect(res.body).toContain(CLEAN);
    expect(res.body).not.toContain('alert');
    // In the landing's look, with the brand linking home and the footer's contact details.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/landing-test.css">');
    expect(res.body).toMatch(/<a class="brand" href="\/"/);
    expect(res.body).toContain('href="mailto:help@doorstep.example"');
    expect(res.body).toContain('href="tel:+918045678900"');
    expect(res.body).toContain('href="/privacy"');
  });

  it("answers an unknown page with status 404 and the website's own page, linking home", async () => {
    const res = await page('/no-such-page?from=ad');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(res.body).toContain('<title>Page not found · ');
    expect(res.body).toContain('<h1>Page not found</h1>');
    expect(res.body).toContain('<a class="not-found__home" href="/">Go to the home page</a>');
    // In the landing's look: its stylesheet, header and footer with the contact details.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/landing-test.css">');
    expect(res.body).toMatch(/<a class="brand" href="\/"/);
    expect(res.body).toContain('href="mailto:');
    // A missing asset or an unknown call gets no page around it.
    const asset = await page('/assets/gone-1234.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('class="brand"');
    const call = await page('/api/no-such-call');
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ statusCode: 404 });
  });

  it('GET /privacy shows the privacy text, not the terms', async () => {
    const res = await page('/privacy');
    expect(res.body).toContain('<h1>Privacy Policy</h1>');
    expect(res.body).toContain('<h2>Your data</h2><p>We keep your address to deliver.</p>');
    expect(res.body).not.toContain('Our terms');
  });

  it('says a text is not published yet when it was never saved', async () => {
    // A save cannot empty a text any more; a fresh install has none.
    await s.db.delete(contentPagesTable).where(eq(contentPagesTable.key, 'privacy'));
    const res = await page('/privacy');
    expect(res.body).toContain('This page has not been published yet.');
  });

  it('GET / shows the saved support e-mail and phone instead of the placeholders', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<span data-contact="email">help@doorstep.example</span>');
    expect(res.body).toContain('<span data-contact="phone">+91 80 4567 8900</span>');
    expect(res.body).toContain('href="mailto:help@doorstep.example?subject=');
    expect(res.body).not.toContain('support@example.com');
    expect(res.body).toContain('href="/terms"');
  });

  it('GET / shows the saved contact-us text to visitors, as the editor previews it', async () => {
    const res = await page('/');
    expect(res.body).toContain(
      '<div class="site-footer__note" data-contact-content=""><p>Call us any time.</p></div>',
    );
    await post('contact-us/create-contact-us', {
      content: '<p>We answer <strong>7 AM to 9 PM</strong>.</p><script>alert(1)</script>',
      email: 'help@doorstep.example',
      phone: '+91 80 4567 8900',
    });
    const changed = await page('/');
    // Sanitised when saved, shown at once: no rebuild.
    expect(changed.body).toContain('<p>We answer <strong>7 AM to 9 PM</strong>.</p></div>');
    expect(changed.body).not.toContain('alert(1)');
  });

  it('escapes contact details on the pages', async () => {
    // Only a valid e-mail is accepted, but an apostrophe is valid in one and must still be escaped.
    await post('contact-us/create-contact-us', {
      content: '<p>Call us any time.</p>',
      email: "o'neil@doorstep.example",
      phone: '9876543210',
    });
    const terms = await page('/terms');
    expect(terms.body).toContain('>o&#x27;neil@doorstep.example</a>');
    const landing = await page('/');
    expect(landing.body).toContain(
      '<span data-contact="email">o&#x27;neil@doorstep.example</span>',
    );
  });
});
