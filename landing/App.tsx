import { About } from './components/About';
import { AppDownload } from './components/AppDownload';
import { Delivery } from './components/Delivery';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Hero } from './components/Hero';
import { Services } from './components/Services';
import { WhyUs } from './components/WhyUs';
import { DEFAULT_CONTACT } from '@shared/contact';

export const DEFAULT_SUPPORT_EMAIL = DEFAULT_CONTACT.email;
export const DEFAULT_SUPPORT_PHONE = DEFAULT_CONTACT.phone;

export interface AppProps {
  supportEmail?: string;
  supportPhone?: string;
  /** The year in the footer; the prerender passes the build year and main.ts keeps it current. */
  year?: number;
}

export function App({
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  supportPhone = DEFAULT_SUPPORT_PHONE,
  year = new Date().getFullYear(),
}: AppProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header supportEmail={supportEmail} />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Services />
        <WhyUs />
        <About />
        <Delivery supportEmail={supportEmail} />
        <AppDownload />
      </main>
      <Footer supportEmail={supportEmail} supportPhone={supportPhone} year={year} />
    </>
  );
}

export default App;
