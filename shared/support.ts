// Support tickets' types. The apps send a type's code (its index here); the server stores the
// code and the panel shows the name. Plain TypeScript, shared by the server and the panel.

/** Support ticket types, by code (spec 001 §3). */
export const SUPPORT_TYPES = [
  'Order Issues',
  'Shipping & Delivery',
  'Returns & Refunds',
  'Payment Issues',
  'Contact Customer Service',
  'FAQs',
] as const;
export type SupportTypeName = (typeof SUPPORT_TYPES)[number];
