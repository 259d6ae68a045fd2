import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessoriesTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  ordersTable,
  orderStatusHistoryTable,
  productsTable,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createBusinessRepository } from '../business/repository';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { assertServedPincode } from '../pincodes/served';
import type { TaxClass } from '../invoices/document';
import { orderAmounts, placeOrder, type NewOrder } from './placeOrder';
import { priceOrder, sellingPrice } from './pricing';
import type { PlaceOrderBody } from './schemas';

/** The slot an emergency is promised when none is given (as the customers' app writes it). */
export const EMERGENCY_SLOT = 'Within 2 hours';
/** The note on the first history row: who took the order, and how. */
export const PHONE_NOTE = 'Taken by phone';

/**
 * Everything a phone order needs, checked, with the messages an operator can act on: the
 * customer (not blocked), one of their addresses on a served pin code, an active product of an
 * active service, the accessories of that service.
 */
async function checkedOrder(db: Database, body: PlaceOrderBody) {
  const accessoryIds = (body.accessories ?? []).map((a) => a.accessoryId);
  const [customers, addresses, products, accessories] = await Promise.all([
    db
      .select({ id: customersTable.id, status: customersTable.status })
      .from(customersTable)
      .where(eq(customersTable.id, body.customerId)),
    db.select().from(customerAddressesTable).where(eq(customerAddressesTable.id, body.addressId)),
    db
      .select({ product: productsTable, service: categoriesTable })
      .from(productsTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, productsTable.categoryId))
      .where(eq(productsTable.id, body.productId)),
    accessoryIds.length
      ? db.select().from(accessoriesTable).where(inArray(accessoriesTable.id, accessoryIds))
      : Promise.resolve([]),
  ]);

  const customer = customers[0];
  if (!customer) throw notFound('This customer does not exist.');
  if (customer.status === 'Blocked') {
    throw conflict(
      'This customer is blocked. Unblock them under Customers before placing an order.',
    );
  }
  const address = addresses[0];
  if (!address) throw notFound('This address does not exist.');
  if (address.customerId !== customer.id) {
    throw badRequest("This address is not one of the customer's. Choose one of their addresses.");
  }
  const found = products[0];
  if (!found) throw notFound('This product does not exist.');
  const { product, service } = found;
  if (service.status !== 'Active') {
    throw conflict(`The ${service.name} service is inactive. Make it active under Services first.`);
  }
  if (product.status !== 'Active') {
    throw conflict(`${product.name} is inactive. Make it active or choose another product.`);
  }

  const chosen: NonNullable<NewOrder['accessories']> = [];
  /** Each chosen accessory's GST classification, in the same order. */
  const chosenTax: TaxClass[] = [];
  for (const wanted of body.accessories ?? []) {
    const accessory = accessories.find((a) => a.id === wanted.accessoryId);
    if (!accessory) throw notFound(`The accessory ${wanted.accessoryId} does not exist.`);
    if (chosen.some((a) => a.accessoryId === accessory.id)) {
      throw badRequest(
        `${accessory.name} is listed twice. List each accessory once, with its quantity.`,
      );
    }
    if (accessory.categoryId !== service.id) {
      throw badRequest(`${accessory.name} is not an accessory of ${service.name}.`);
    }
    if (accessory.status !== 'Active') {
      throw conflict(`${accessory.name} is inactive. Make it active or leave it out.`);
    }
    chosen.push({
      accessoryId: accessory.id,
      name: accessory.name,
      quantity: wanted.quantity,
      amount: sellingPrice(accessory),
    });
    chosenTax.push(accessory);
  }

  await assertServedPincode(db, address.pincode);
  return { customer, address, product, service, accessories: chosen, accessoryTax: chosenTax };
}

/** One priced line of a phone order: its product, or one of its accessories. */
export interface PricedLine {
  kind: 'product' | 'accessory';
  itemId: string;
  name: string;
  quantity: number;
  /** Selling price of one, in rupees. */
  unitPrice: number;
  /** unitPrice x quantity, in rupees. */
  amount: number;
}

/**
 * A phone order checked and priced (issue 15.6), without writing anything: the order as
 * placePhoneOrder will place it, and its priced lines. Priced on the server as the customers'
 * app prices one (server/db/seed/orders.ts): the product's selling price x quantity plus the
 * accessories, the standard delivery charge, the emergency charge for an emergency, and GST on
 * all of it as its tax invoice will compute it (priceOrder, pricing.ts), so the order's GST is
 * its invoice's tax. order/price-preview answers this; order/place-order places it.
 */
export async function pricePhoneOrder(db: Database, body: PlaceOrderBody) {
  const checked = await checkedOrder(db, body);
  const [charges, seller, [previous]] = await Promise.all([
    createDeliverySettingsRepository(db).getCharge(),
    createBusinessRepository(db).get(),
    // A customer's first order of a service is `fresh`, later ones `reorder` (as the app).
    db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(
        and(
          eq(ordersTable.customerId, checked.customer.id),
          eq(ordersTable.categoryId, checked.service.id),
        ),
      )
      .limit(1),
  ]);

  const isEmergency = body.isEmergency ?? false;
  const { address } = checked;
  const { price, deliveryCharge, emergencyCharge, gst } = priceOrder({
    item: { ...checked.product, kind: 'product' },
    service: checked.service,
    quantity: body.quantity,
    accessories: checked.accessories.map((a, i) => ({ ...a, tax: checked.accessoryTax[i]! })),
    charges,
    isEmergency,
    buyerState: address.state,
    sellerStateCode: seller?.stateCode,
  });

  const order: NewOrder = {
    customerId: checked.customer.id,
    categoryId: checked.service.id,
    productId: checked.product.id,
    orderType: previous ? 'reorder' : 'fresh',
    quantity: body.quantity,
    returnQuantity: body.returnQuantity ?? 0,
    price,
    deliveryCharge,
    emergencyCharge,
    gst,
    paymentMethod: body.paymentMethod,
    isEmergency,
    deliveryTime: body.deliveryTime || (isEmergency ? EMERGENCY_SLOT : null),
    specialInstruction: body.specialInstruction || null,
    addressId: address.id,
    address: {
      fullAddress: address.fullAddress,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
    },
    accessories: checked.accessories,
  };
  const line = (
    kind: PricedLine['kind'],
    itemId: string,
    name: string,
    quantity: number,
    unitPrice: number,
  ): PricedLine => {
    const { amount } = orderAmounts({ price: unitPrice, quantity });
    return { kind, itemId, name, quantity, unitPrice, amount };
  };
  const lines = [
    line('product', checked.product.id, checked.product.name, body.quantity, price),
    ...checked.accessories.map((a) =>
      line('accessory', a.accessoryId!, a.name, a.quantity, a.amount),
    ),
  ];
  return { order, lines, ...orderAmounts(order) };
}

/** The admin who took the call, named on the order's first history row. */
export interface PhoneOrderAdmin {
  id: string;
  name: string;
}

/**
 * An order taken by phone (issue 15.6), priced by pricePhoneOrder and placed like any order
 * (placeOrder), so the counters, the first history row (naming the admin who took it) and the
 * live alert follow.
 */
export async function placePhoneOrder(db: Database, body: PlaceOrderBody, admin: PhoneOrderAdmin) {
  const { order: input } = await pricePhoneOrder(db, body);

  // One transaction: the order, its accessories and its first history row, which names
  // the admin who took the call (placeOrder's own transaction nests as a savepoint).
  return db.transaction(async (tx) => {
    const order = await placeOrder(tx, input);
    await tx
      .update(orderStatusHistoryTable)
      .set({ adminId: admin.id, adminName: admin.name, note: PHONE_NOTE })
      .where(eq(orderStatusHistoryTable.orderId, order.id));
    return order;
  });
}
