import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DEFAULT_CONTACT,
  fillContactDetails,
  fillContactNote,
  type ContactDetails,
} from '@shared/contact';
import { BRAND_NAME } from '@shared/brand';
import { createContentRepository, type LegalTextKey } from '../modules/content/repository';
import { renderLegalPage, renderNotFoundPage, renderPage } from './legalPage';
import { stylesheetsOf, templateFile } from './templateFile';

const sendHtml = (reply: FastifyReply, html: string) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

/**
 * Saved contact details, each falling back to the placeholder the landing was built with, and
 * the contact-us text ('' until one is saved).
 */
function contactReader(app: FastifyInstance) {
  const repo = createContentRepository(app.db);
  return async (): Promise<ContactDetails & { note: string }> => {
    const row = await repo.find('contact');
    return {
      email: row?.email || DEFAULT_CONTACT.email,
      phone: row?.phone || DEFAULT_CONTACT.phone,
      note: row?.content ?? '',
    };
  };
}

/**
 * The website's answer to an address it does not have: status 404 with a page in the landing's
 * look (its header, footer and stylesheet) and a link home, instead of the browser's bare page.
 * app.ts's not-found handler sends it for every unknown page outside /api.
 */
export function notFoundPage(app: FastifyInstance, distDir: string) {
  const landing = templateFile(path.join(distDir, 'landing', 'index.html'));
  const contactDetails = contactReader(app);
  return async (reply: FastifyReply, requestPath: string) => {
    const contact = await contactDetails().catch(() => DEFAULT_CONTACT);
    const template = landing();
    return sendHtml(
      reply.code(404),
      renderNotFoundPage({
        contact,
        path: requestPath,
        stylesheets: template ? stylesheetsOf(template) : [],
      }),
    );
  };
}

const LEGAL_PAGES: { path: string; key: LegalTextKey; title: string }[] = [
  { path: '/terms', key: 'terms', title: 'Terms & Conditions' },
  { path: '/privacy', key: 'privacy', title: 'Privacy Policy' },
];

/**
 * The visitors' pages: the landing page at `/` with the current support e-mail, phone and
 * contact-us text filled in at request time (so a change in the panel shows without a rebuild), and /terms and /privacy
 * showing the saved texts in the landing's look. Registered whether or not the bundles are built.
 */
export default async function publicPages(app: FastifyInstance, opts: { distDir: string }) {
  const repo = createContentRepository(app.db);
  const landing = templateFile(path.join(opts.distDir, 'landing', 'index.html'));
  const contactDetails = contactReader(app);

  app.get('/', async (_request, reply) => {
    const template = landing();
    const contact = await contactDetails();
    if (template) {
      return sendHtml(reply, fillContactNote(fillContactDetails(template, contact), contact.note));
    }
    const note = '<h1>Welcome</h1><p>The website is being prepared. Please visit again soon.</p>';
    return sendHtml(
      reply,
      renderPage(
        { title: BRAND_NAME, description: BRAND_NAME, stylesheets: [], contact, path: '/' },
        note,
      ),
    );
  });

  for (const page of LEGAL_PAGES) {
    app.get(page.path, async (_request, reply) => {
      const [row, contact] = await Promise.all([repo.find(page.key), contactDetails()]);
      const template = landing();
      return sendHtml(
        reply,
        renderLegalPage({
          title: page.title,
          html: row?.content ?? '',
          updatedAt: row?.updatedAt,
          contact,
          path: page.path,
          stylesheets: template ? stylesheetsOf(template) : [],
        }),
      );
    });
  }
}
