import { EmailLink } from './ContactLinks';
import { Logo } from './Brand';
import { MailIcon, MenuIcon } from './Icons';

const NAV_LINKS = [
  { href: '#services', label: 'Services' },
  { href: '#about', label: 'About' },
  { href: '#why-us', label: 'Why us' },
  { href: '#contact', label: 'Contact' },
];

export function Header({ supportEmail }: { supportEmail: string }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        {/* Shown only once landing/main.ts runs; without JavaScript the nav is always visible. */}
        <button
          type="button"
          className="nav-toggle"
          aria-expanded="false"
          aria-controls="site-nav"
          hidden
        >
          <MenuIcon />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <EmailLink
          email={supportEmail}
          subject="Enquiry from the website"
          className="button button--primary site-header__cta"
        >
          <MailIcon />
          Contact us
        </EmailLink>
      </div>
    </header>
  );
}
