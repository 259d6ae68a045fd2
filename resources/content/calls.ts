import { action } from '@/providers/actions';

/** A stored text: the terms answer `content`, the privacy text `termsAndConditions` (spec §7). */
export interface StoredText {
  content?: string;
  termsAndConditions?: string;
}

export interface ContactDetails {
  content?: string;
  email?: string;
  phone?: string;
}

/**
 * The content texts, each read and saved whole (JSON). The privacy text (DESIGN.md) is the
 * terms' calls with type=privacy, kept apart from the terms.
 */
export const contentActions = {
  getTerms: action<Record<string, never>, StoredText>({
    method: 'GET',
    path: 'terms-conditions/get-terms',
  }),
  saveTerms: action<{ content: string }>({
    method: 'POST',
    path: 'terms-conditions/create-terms',
    bodyKind: 'json',
    fields: ['content'],
  }),
  getPrivacy: action<Record<string, never>, StoredText>({
    method: 'GET',
    path: 'terms-conditions/get-terms',
    query: { type: 'privacy' },
  }),
  savePrivacy: action<{ content: string; type: 'privacy' }>({
    method: 'POST',
    path: 'terms-conditions/create-terms',
    bodyKind: 'json',
    fields: ['content', 'type'],
  }),
  /** Read without a token (the landing page uses it too). */
  getContactUs: action<Record<string, never>, ContactDetails>({
    method: 'GET',
    path: 'contact-us/get-contact-us',
  }),
  saveContactUs: action<{ content: string; email: string; phone: string }>({
    method: 'POST',
    path: 'contact-us/create-contact-us',
    bodyKind: 'json',
    fields: ['content', 'email', 'phone'],
  }),
  /** Addition: the server's sanitised form of a text, shown as the editors' live preview. */
  previewContent: action<{ content: string }, { content?: string }>({
    method: 'POST',
    path: 'content/preview',
    bodyKind: 'json',
    fields: ['content'],
  }),
};
