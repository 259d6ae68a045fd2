import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from './en';

// allowMissing: server messages passed to notify() are shown as they are.
export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'en',
  [{ locale: 'en', name: 'English' }],
  {
    allowMissing: true,
  },
);
