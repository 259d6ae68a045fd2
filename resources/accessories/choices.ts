import { ACCESSORY_MATERIALS as MATERIALS, ACCESSORY_TYPES_BY_KIND } from '@shared/catalogue';

/** Accessory types per category kind and materials (spec 000 §3), as the server checks them. */
const label = (id: string) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' '),
});

export const ACCESSORY_TYPES: Record<string, { id: string; name: string }[]> = {
  water: ACCESSORY_TYPES_BY_KIND.water.map(label),
  oxygen: ACCESSORY_TYPES_BY_KIND.oxygen.map(label),
};

export const ACCESSORY_MATERIALS = MATERIALS.map(label);

export const choiceLabel = (value: unknown) => (typeof value === 'string' ? label(value).name : '');
