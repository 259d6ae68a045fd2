import { BRAND_NAME, Logo } from './Brand';
import { EmailLink, PhoneLink } from './ContactLinks';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  XIcon,
  YouTubeIcon,
} from './Icons';

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'X', href: 'https://x.com/', Icon: XIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
];

interface FooterProps {
  supportEmail: string;
  supportPhone: string;
  year: number;
}

export function Footer({ supportEmail, supportPhone, year }: FooterProps) {
  return (
    <footer id="contact" className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Logo />
          <p>
            Drinking water, oxygen, laundry and home-cooked meals for Indian homes, delivered by
            people from your neighbourhood.
          </p>
          <ul className="social" aria-label="Follow us">
            {SOCIAL.map(({ name, href, Icon }) => (
              <li key={name}>
                <a href={href} aria-label={`${BRAND_NAME} on ${name}`} rel="noopener">
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Explore</h2>
          <ul className="site-footer__links">
            <li>
              <a href="#services">Services</a>
            </li>
            <li>
              <a href="#about">About us</a>
            </li>
            <li>
              <a href="#why-us">Why choose us</a>
            </li>
            <li>
              <a href="#download">Download the app</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Legal</h2>
          <ul className="site-footer__links">
            <li>
              <a href="/terms">Terms and conditions</a>
            </li>
            <li>
              <a href="/privacy">Privacy policy</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul className="site-footer__contact">
            <li>
              <MailIcon className="icon icon--small" />
              <EmailLink email={supportEmail} />
            </li>
            <li>
              <PhoneIcon className="icon icon--small" />
              <PhoneLink phone={supportPhone} />
            </li>
            <li>
              <PinIcon className="icon icon--small" />
              <span>Bengaluru · Delhi · Mumbai</span>
            </li>
          </ul>
          {/* The contact-us text saved in the panel, filled in by the server (shared/contact.ts). */}
          <div className="site-footer__note" data-contact-content="" hidden />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © <span data-year="">{year}</span> {BRAND_NAME}. All rights reserved.
        </p>
        <p>All prices are in Indian rupees (₹).</p>
      </div>
    </footer>
  );
}
