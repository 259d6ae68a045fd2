import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Spec 001: see docs/api.md for the calls. */
export const content: ResourceDeclaration = {
  name: 'content',
  group: 'settings',
  api: {},
  routes: [
    { path: 'contact-us', component: comingSoon('Contact Us'), action: 'edit' },
    { path: 'terms-and-conditions', component: comingSoon('Terms & Conditions'), action: 'edit' },
    { path: 'privacy-policy', component: comingSoon('Privacy Policy'), action: 'edit' },
  ],
  menu: [
    { label: 'Contact Us', to: 'contact-us' },
    { label: 'Terms & Conditions', to: 'terms-and-conditions' },
    { label: 'Privacy Policy', to: 'privacy-policy' },
  ],
};
