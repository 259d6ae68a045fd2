// Store badges drawn for this page (not the stores' official artwork), linking to the stores'
// generic pages until the app's own listings are published.

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path
        d="M4 2.8v18.4c0 .6.6 1 1.2.7L21 12.8c.5-.3.5-1.1 0-1.4L5.2 2.1C4.6 1.8 4 2.2 4 2.8z"
        fill="#34a853"
      />
      <path d="M4 2.8 13.5 12 4 21.2z" fill="#4285f4" />
      <path d="M13.5 12 17 8.7 21 11.3c.5.3.5 1.1 0 1.4L17 15.3z" fill="#fbbc04" />
      <path d="m13.5 12 3.5 3.3-11.8 6.6c-.4.2-.8.1-1.1-.2z" fill="#ea4335" />
    </svg>
  );
}

function StoreGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="20" height="20" rx="5.5" fill="#1a8cff" />
      <path
        d="M9.5 16.5 13 8.5m1.5 8L11 8.5M7.5 14h9"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function AppDownload() {
  return (
    <section id="download" className="section section--tinted" aria-labelledby="download-title">
      <div className="container download">
        <div className="download__copy">
          <p className="eyebrow">Get the app</p>
          <h2 id="download-title">Order in seconds from your phone</h2>
          <p>
            Book refills, manage your tiffin plan, track deliveries and raise support tickets from
            one app. Available for Android and iPhone.
          </p>
        </div>
        <div className="store-badges">
          <a className="store-badge" href="https://play.google.com/store" rel="noopener">
            <PlayGlyph />
            <span>
              <small>Get it on</small>
              Google Play
            </span>
          </a>
          <a className="store-badge" href="https://www.apple.com/app-store/" rel="noopener">
            <StoreGlyph />
            <span>
              <small>Download on the</small>
              App Store
            </span>
          </a>
        </div>
      </div>
    </section>
  );
}
