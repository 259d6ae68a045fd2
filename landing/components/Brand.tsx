import { BRAND_NAME, BRAND_TAGLINE } from '@shared/brand';

export { BRAND_NAME, BRAND_TAGLINE };

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
