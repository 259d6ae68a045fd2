import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../lib/responses';
import {
  createContentRepository,
  toContactDto,
  toLegalTextDto,
  type LegalTextKey,
} from './repository';
import {
  contactDto,
  contentPreviewAnswer,
  contentPreviewBody,
  createContactUsBody,
  createTermsBody,
  legalTextDto,
  termsConditionsGetTermsQuery,
} from './schemas';

const TITLES: Record<LegalTextKey, string> = {
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
};

/** terms-conditions/..., contact-us/... (spec 001 §7) and the preview addition content/preview. */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createContentRepository(app.db);

  app.get(
    '/terms-conditions/get-terms',
    {
      config: { access: 'signedIn' },
      schema: { querystring: termsConditionsGetTermsQuery, response: answers(legalTextDto) },
    },
    async (request) => {
      const key = request.query.type;
      return ok(TITLES[key], toLegalTextDto(await repo.find(key)));
    },
  );

  app.post(
    '/terms-conditions/create-terms',
    {
      config: { access: 'settings' },
      schema: {
        body: createTermsBody,
        response: answers(),
      },
    },
    async (request) => {
      const { content, type } = request.body;
      await repo.saveText(type, content, request.admin?.id ?? null);
      return ok(`${TITLES[type]} saved successfully!`);
    },
  );

  app.get(
    '/contact-us/get-contact-us',
    { config: { access: 'public' }, schema: { response: answers(contactDto) } },
    async () => ok('Contact Us', toContactDto(await repo.find('contact'))),
  );

  app.post(
    '/contact-us/create-contact-us',
    {
      config: { access: 'settings' },
      schema: {
        body: createContactUsBody,
        response: answers(),
      },
    },
    async (request) => {
      await repo.saveContact(request.body, request.admin?.id ?? null);
      return ok('Contact Us updated successfully!');
    },
  );

  // Addition: the editors' live preview shows exactly what a save would store.
  app.post(
    '/content/preview',
    {
      // Changes nothing: a preview is no write to audit.
      config: { access: 'settings', audit: false },
      schema: {
        body: contentPreviewBody,
        response: contentPreviewAnswer,
      },
    },
    async (request) => ok('Preview', { content: request.body.content }),
  );
};

export default contentRoutes;
