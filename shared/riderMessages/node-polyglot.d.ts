// node-polyglot 2.6 (installed with react-admin's ra-i18n-polyglot) ships no types; the riders'
// catalogue (./index.ts) uses this much of it.
declare module 'node-polyglot' {
  interface PolyglotOptions {
    phrases?: Record<string, string>;
    locale?: string;
    allowMissing?: boolean;
  }
  export default class Polyglot {
    constructor(options?: PolyglotOptions);
    t(key: string, options?: Record<string, unknown>): string;
    has(key: string): boolean;
    locale(locale?: string): string;
  }
}
