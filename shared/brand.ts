// The business's name in one place, so renaming the brand is a one-line change. Plain TS (no
// JSX, no DOM, no Node) so the landing page and the server's /terms and /privacy pages share it.
export const BRAND_NAME = 'Doorstep';
export const BRAND_TAGLINE = 'Home services, delivered';
