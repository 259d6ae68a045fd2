export const CATEGORY_KIND_CHOICES = [
  { id: 'water', name: 'Water' },
  { id: 'oxygen', name: 'Oxygen' },
  { id: 'laundry', name: 'Laundry' },
  { id: 'tiffin', name: 'Tiffin' },
  { id: 'ecommerce', name: 'E-commerce' },
  { id: 'other', name: 'Other' },
];

export const kindLabel = (kind: unknown) =>
  CATEGORY_KIND_CHOICES.find((c) => c.id === kind)?.name ?? String(kind ?? '');
