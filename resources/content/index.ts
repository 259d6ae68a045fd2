import { lazyScreen, type ResourceDeclaration } from '../../src/providers/resource';

const ContactUsEdit = lazyScreen(() => import('./ContactUsEdit'), 'ContactUsEdit');
const PrivacyEdit = lazyScreen(() => import('./LegalTextEdit'), 'PrivacyEdit');
const TermsEdit = lazyScreen(() => import('./LegalTextEdit'), 'TermsEdit');

/**
 * The content screens of spec 001: their routes and menu entries. The texts themselves are the
 * resources below, one per /api call pair, whose record id is the text's name.
 */
export const content: ResourceDeclaration = {
  name: 'content',
  group: 'settings',
  api: {},
  routes: [
    { path: 'contact-us', component: ContactUsEdit, action: 'edit' },
    { path: 'terms-and-conditions', component: TermsEdit, action: 'edit' },
    { path: 'privacy-policy', component: PrivacyEdit, action: 'edit' },
  ],
  menu: [
    { label: 'Contact Us', to: 'contact-us' },
    { label: 'Terms & Conditions', to: 'terms-and-conditions' },
    { label: 'Privacy Policy', to: 'privacy-policy' },
  ],
};

/** The terms: result.content; saved as `{ content }`. */
export const termsText: ResourceDeclaration = {
  name: 'termsText',
  group: 'settings',
  api: {
    envelope: 'statusCode',
    getOne: { method: 'GET', path: 'terms-conditions/get-terms' },
    update: {
      method: 'POST',
      path: 'terms-conditions/create-terms',
      bodyKind: 'json',
      fields: ['content'],
    },
  },
  routes: [],
};

/** The privacy text (DESIGN.md): the same calls with type=privacy, kept apart from the terms. */
export const privacyText: ResourceDeclaration = {
  name: 'privacyText',
  group: 'settings',
  api: {
    envelope: 'statusCode',
    getOne: { method: 'GET', path: 'terms-conditions/get-terms', query: { type: 'privacy' } },
    update: {
      method: 'POST',
      path: 'terms-conditions/create-terms',
      bodyKind: 'json',
      fields: ['content', 'type'],
    },
  },
  routes: [],
};

/** Contact us: read without a token (the landing page uses it too). */
export const contactUs: ResourceDeclaration = {
  name: 'contactUs',
  group: 'settings',
  api: {
    envelope: 'statusCode',
    getOne: { method: 'GET', path: 'contact-us/get-contact-us' },
    update: {
      method: 'POST',
      path: 'contact-us/create-contact-us',
      bodyKind: 'json',
      fields: ['content', 'email', 'phone'],
    },
  },
  routes: [],
};

/** Addition: the server's sanitised form of a text, shown as the editors' live preview. */
export const contentPreview: ResourceDeclaration = {
  name: 'contentPreview',
  group: 'settings',
  api: {
    envelope: 'statusCode',
    create: { method: 'POST', path: 'content/preview', bodyKind: 'json', fields: ['content'] },
  },
  routes: [],
};

export const contentResources = [content, termsText, privacyText, contactUs, contentPreview];
