/** Accessory types per category kind and materials (spec 000 §3), as the server checks them. */
const label = (id: string) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' '),
});

export const ACCESSORY_TYPES: Record<string, { id: string; name: string }[]> = {
  water: ['tap', 'dispenser', 'stand', 'cover', 'cap', 'cleaning_brush', 'other'].map(label),
  oxygen: [
    'regulator',
    'mask',
    'flow_meter',
    'stand',
    'pipe',
    'humidifier_bottle',
    'valve',
    'cover',
    'other',
  ].map(label),
};

export const ACCESSORY_MATERIALS = ['metal', 'plastic', 'rubber', 'silicone', 'glass', 'other'].map(
  label,
);

export const choiceLabel = (value: unknown) => (typeof value === 'string' ? label(value).name : '');
