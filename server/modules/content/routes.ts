import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../lib/responses';
import { MAX_RICH_TEXT_CHARS, RICH_TEXT_TOO_LONG, sanitizeRichText } from '../../lib/richText';
import { emailAddress, phoneNumber, plainText } from '../../lib/validation';
import {
  createContentRepository,
  toContactDto,
  toLegalTextDto,
  type LegalTextKey,
} from './repository';

const CONTENT_REQUIRED = 'Content is required.';

/** Rich text as sent by the editor, sanitised here so that only the clean form goes further. */
const richText = (error?: Parameters<typeof plainText>[1]) =>
  plainText('Content', error)
    .max(MAX_RICH_TEXT_CHARS, RICH_TEXT_TOO_LONG)
    .transform(sanitizeRichText);

/**
 * What a save stores: a published text is never erased by an empty body, and an editor left
 * empty (`<p></p>`, `<p><br></p>`), which sanitises to '', counts as missing.
 */
const requiredRichText = richText((issue) =>
  issue.input == null ? CONTENT_REQUIRED : 'Content must be text.',
).refine((v) => v !== '', { error: CONTENT_REQUIRED });

/** A body that is not an object (`""`, `[]`) misses its content too. */
const contentBody = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: CONTENT_REQUIRED });

/** Addition (DESIGN.md): `type=privacy` picks the privacy text; blank or absent is the terms. */
const textType = z
  .enum(['terms', 'privacy', ''], { error: 'Type must be terms or privacy.' })
  .optional()
  .transform((v): LegalTextKey => (v === 'privacy' ? 'privacy' : 'terms'));

/**
 * A legal text (toLegalTextDto): the same sanitised rich text twice, as `content` (read by the
 * terms screen) and `termsAndConditions` (the privacy screen); '' until saved.
 */
const legalTextDto = z.object({ content: z.string(), termsAndConditions: z.string() });

/** The contact-us content (toContactDto): its text, support e-mail and phone; '' until saved. */
const contactDto = z.object({ content: z.string(), email: z.string(), phone: z.string() });

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
      schema: { querystring: z.object({ type: textType }), response: answers(legalTextDto) },
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
        body: contentBody({ content: requiredRichText, type: textType }),
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
        body: contentBody({
          content: requiredRichText,
          email: emailAddress(),
          phone: phoneNumber(),
        }),
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
      config: { access: 'settings' },
      schema: {
        body: z.object({ content: richText().default('') }),
        response: answers(z.object({ content: z.string() })),
      },
    },
    async (request) => ok('Preview', { content: request.body.content }),
  );
};

export default contentRoutes;
