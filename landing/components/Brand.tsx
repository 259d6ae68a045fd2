// The business's name in one place, so renaming the brand is a one-line change.
export const BRAND_NAME = 'Doorstep';
export const BRAND_TAGLINE = 'Home services, delivered';

export function Logo() {
  return (
    <a className="brand" href="/" aria-label={`${BRAND_NAME}, home`}>
      <img src="/images/landing/logo.svg" width="40" height="40" alt="" />
      <span className="brand__text">
        <span className="brand__name">{BRAND_NAME}</span>
        <span className="brand__tagline">{BRAND_TAGLINE}</span>
      </span>
    </a>
  );
}
