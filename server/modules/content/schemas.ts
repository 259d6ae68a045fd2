import { z } from 'zod';
import { answers } from '../../lib/responses';
import { MAX_RICH_TEXT_CHARS, RICH_TEXT_TOO_LONG, sanitizeRichText } from '../../lib/richText';
import { emailAddress, phoneNumber, plainText } from '../../lib/validation';
import { type LegalTextKey } from './repository';

const CONTENT_REQUIRED = 'Content is required.';

/** Rich text as sent by the editor, sanitised here so that only the clean form goes further. */
const richText = (error?: Parameters<typeof plainText>[1]) =>
  plainText('Content', error)
    .max(MAX_RICH_TEXT_CHARS, RICH_TEXT_TOO_LONG)
    .transform(sanitizeRichText);

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
export const legalTextDto = z.object({ content: z.string(), termsAndConditions: z.string() });

/** The contact-us content (toContactDto): its text, support e-mail and phone; '' until saved. */
export const contactDto = z.object({ content: z.string(), email: z.string(), phone: z.string() });

/** GET /terms-conditions/get-terms: its query. */
export const termsConditionsGetTermsQuery = z.object({ type: textType });

/** POST /content/preview: its body. */
export const contentPreviewBody = z.object({ content: richText().default('') });

/** POST /content/preview: its answer. */
export const contentPreviewAnswer = answers(z.object({ content: z.string() }));

/**
 * What a save stores: a published text is never erased by an empty body, and an editor left
 * empty (`<p></p>`, `<p><br></p>`), which sanitises to '', counts as missing.
 */
const requiredRichText = richText((issue) =>
  issue.input == null ? CONTENT_REQUIRED : 'Content must be text.',
).refine((v) => v !== '', { error: CONTENT_REQUIRED });

/** POST terms-conditions/create-terms: its body. */
export const createTermsBody = contentBody({ content: requiredRichText, type: textType });

/** POST contact-us/create-contact-us: its body. */
export const createContactUsBody = contentBody({
  content: requiredRichText,
  email: emailAddress(),
  phone: phoneNumber(),
});
