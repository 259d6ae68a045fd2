import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { contentActions } from './calls';

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
  api: { envelope: 'statusCode', actions: contentActions },
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

export const contentResources = [content];
