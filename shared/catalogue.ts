// The catalogue's fixed vocabulary: category kinds and accessory types and materials (spec 000
// §3). Plain TypeScript, shared by the server (validation, schema) and the panel (choices).

export const CATEGORY_KINDS = [
  'water',
  'oxygen',
  'laundry',
  'tiffin',
  'ecommerce',
  'other',
] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** A kind's name in the panel. */
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  water: 'Water',
  oxygen: 'Oxygen',
  laundry: 'Laundry',
  tiffin: 'Tiffin',
  ecommerce: 'E-commerce',
  other: 'Other',
};

export const WATER_ACCESSORY_TYPES = [
  'tap',
  'dispenser',
  'stand',
  'cover',
  'cap',
  'cleaning_brush',
  'other',
] as const;
export const OXYGEN_ACCESSORY_TYPES = [
  'regulator',
  'mask',
  'flow_meter',
  'stand',
  'pipe',
  'humidifier_bottle',
  'valve',
  'cover',
  'other',
] as const;
/** Accessory types per category kind: accessories are sold only with water and oxygen. */
export const ACCESSORY_TYPES_BY_KIND = {
  water: WATER_ACCESSORY_TYPES,
  oxygen: OXYGEN_ACCESSORY_TYPES,
} as const satisfies Partial<Record<CategoryKind, readonly string[]>>;

export const ACCESSORY_MATERIALS = [
  'metal',
  'plastic',
  'rubber',
  'silicone',
  'glass',
  'other',
] as const;
