import { CATEGORY_KIND_LABELS, CATEGORY_KINDS } from '@shared/catalogue';

export const CATEGORY_KIND_CHOICES = CATEGORY_KINDS.map((id) => ({
  id,
  name: CATEGORY_KIND_LABELS[id],
}));

export const kindLabel = (kind: unknown) =>
  CATEGORY_KIND_CHOICES.find((c) => c.id === kind)?.name ?? String(kind ?? '');
