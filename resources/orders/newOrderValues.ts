import type { PhoneOrderBody } from './calls';

/** Where the form keeps an accessory's quantity: `accessoryQty.id_<id>` (an id never reads as an index). */
export const ACCESSORY_PREFIX = 'id_';
export const accessorySource = (id: string) => `accessoryQty.${ACCESSORY_PREFIX}${id}`;

export const PAYMENT_METHODS = ['Cash on Delivery', 'Online', 'Wallet'] as const;

/** What New order starts from: one of the product, cash on delivery, the customer if given. */
export const newOrderValues = (customerId?: string | null) => ({
  customerId: customerId ?? null,
  addressId: null,
  serviceId: null,
  productId: null,
  quantity: 1,
  returnQuantity: 0,
  accessoryQty: {},
  deliveryTime: '',
  isEmergency: false,
  paymentMethod: 'Cash on Delivery',
  specialInstruction: '',
});

const whole = (v: unknown, min: number) => {
  const n = Number(v);
  return v !== '' && v !== null && v !== undefined && Number.isInteger(n) && n >= min && n <= 100
    ? n
    : undefined;
};

/**
 * place-order's (and price-preview's) body from the form; null while it lacks what the server
 * needs (customer, address, product, a quantity), so nothing is priced half-filled.
 */
export function toPhoneOrderBody(values: Record<string, unknown>): PhoneOrderBody | null {
  const quantity = whole(values.quantity, 1);
  if (!values.customerId || !values.addressId || !values.productId || !quantity) return null;
  const qty = (values.accessoryQty ?? {}) as Record<string, unknown>;
  const accessories = Object.entries(qty)
    .filter(([, q]) => Number(q) > 0)
    .map(([key, q]) => ({ accessoryId: key.slice(ACCESSORY_PREFIX.length), quantity: Number(q) }));
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    customerId: String(values.customerId),
    addressId: String(values.addressId),
    productId: String(values.productId),
    quantity,
    returnQuantity: whole(values.returnQuantity, 0) ?? 0,
    deliveryTime: text(values.deliveryTime),
    isEmergency: Boolean(values.isEmergency),
    paymentMethod: String(values.paymentMethod || 'Cash on Delivery'),
    specialInstruction: text(values.specialInstruction),
    ...(accessories.length ? { accessories } : {}),
  };
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** A quantity: a whole number from 1 to 100 (as the server checks). */
export const quantityRule = (value: unknown) =>
  whole(value, 1) === undefined ? 'app.orders.new_quantity_min' : undefined;

/** Jars to collect, an accessory's quantity: blank, or a whole number from 0 to 100. */
export const countRule = (value: unknown) =>
  blank(value) || whole(value, 0) !== undefined ? undefined : 'app.orders.new_count_range';
