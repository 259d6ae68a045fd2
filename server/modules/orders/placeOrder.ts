import { randomBytes } from 'node:crypto';
import { indiaDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import {
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  type OrderAddress,
  type OrderStatus,
  type OrderType,
} from '../../db/schema';
import { fromMoney } from '../../lib/money';

export interface NewOrder {
  customerId: string;
  categoryId: string;
  productId?: string | null;
  planId?: string | null;
  orderType?: OrderType;
  quantity?: number;
  returnQuantity?: number;
  /** Unit price in rupees. */
  price: number;
  deliveryCharge?: number;
  emergencyCharge?: number;
  /** GST in rupees (not percent). */
  gst?: number;
  /** Leave undefined to compute amount + charges + GST; null stores none (older orders). */
  totalAmount?: number | null;
  paymentMethod?: string | null;
  isEmergency?: boolean;
  /**
   * What happened after it was placed (Pending), oldest first: the order ends in the last
   * status. Seeds use it for history; a new order leaves it out.
   */
  later?: { status: OrderStatus; at: Date; adminId?: string; adminName?: string }[];
  pickupTime?: string | null;
  deliveryTime?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  specialInstruction?: string | null;
  addressId?: string | null;
  address?: OrderAddress | null;
  deliveryAddress?: OrderAddress | null;
  pickupAddress?: OrderAddress | null;
  accessories?: { accessoryId?: string | null; name: string; quantity: number; amount: number }[];
  createdAt?: Date;
  orderId?: string;
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** OD + yymmdd (India) + 6 random characters, e.g. OD261122K3F9QZ. */
export function newOrderNumber(at = new Date()): string {
  const day = indiaDay(at).slice(2).replace(/-/g, '');
  const bytes = randomBytes(6);
  const suffix = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `OD${day}${suffix}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * An order's `amount` (the items: unit price x quantity plus each accessory's) and its
 * `totalAmount` (amount + delivery + emergency charges + GST), in rupees: what placeOrder
 * stores and what order/price-preview shows before anything is stored.
 */
export function orderAmounts(
  input: Pick<
    NewOrder,
    'price' | 'quantity' | 'accessories' | 'deliveryCharge' | 'emergencyCharge' | 'gst'
  >,
) {
  const quantity = input.quantity ?? 1;
  const amount = round2(
    input.price * quantity +
      (input.accessories ?? []).reduce((sum, a) => sum + a.amount * a.quantity, 0),
  );
  const totalAmount = round2(
    amount + (input.deliveryCharge ?? 0) + (input.emergencyCharge ?? 0) + (input.gst ?? 0),
  );
  return { amount, totalAmount };
}

/**
 * Places one order with its accessories and its first history row, in one transaction. The
 * customers' app is not part of this product; the seeds and the tests place orders through
 * this, and the counters follow by trigger.
 */
export async function placeOrder(db: Database | Transaction, input: NewOrder) {
  const quantity = input.quantity ?? 1;
  const accessories = input.accessories ?? [];
  const deliveryCharge = input.deliveryCharge ?? 0;
  const emergencyCharge = input.emergencyCharge ?? 0;
  const gst = input.gst ?? 0;
  const computed = orderAmounts(input);
  const amount = computed.amount;
  const totalAmount = input.totalAmount === undefined ? computed.totalAmount : input.totalAmount;
  const pincode = (input.deliveryAddress ?? input.address)?.pincode ?? '';
  const createdAt = input.createdAt ?? new Date();
  const later = input.later ?? [];
  const status = later.at(-1)?.status ?? 'Pending';

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(ordersTable)
      .values({
        orderId: input.orderId ?? newOrderNumber(createdAt),
        customerId: input.customerId,
        categoryId: input.categoryId,
        productId: input.productId ?? null,
        planId: input.planId ?? null,
        orderType: input.orderType ?? 'fresh',
        quantity,
        returnQuantity: input.returnQuantity ?? 0,
        price: fromMoney(input.price),
        amount: fromMoney(amount),
        deliveryCharge: fromMoney(deliveryCharge),
        emergencyCharge: fromMoney(emergencyCharge),
        gst: fromMoney(gst),
        totalAmount: totalAmount === null ? null : fromMoney(totalAmount),
        paymentMethod: input.paymentMethod ?? null,
        isEmergency: input.isEmergency ?? false,
        status,
        pickupTime: input.pickupTime ?? null,
        deliveryTime: input.deliveryTime ?? null,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        specialInstruction: input.specialInstruction ?? null,
        addressId: input.addressId ?? null,
        address: input.address ?? null,
        deliveryAddress: input.deliveryAddress ?? null,
        pickupAddress: input.pickupAddress ?? null,
        pincode,
        createdAt,
        updatedAt: later.at(-1)?.at ?? createdAt,
      })
      .returning();
    if (accessories.length) {
      await tx.insert(orderAccessoriesTable).values(
        accessories.map((a) => ({
          orderId: order!.id,
          accessoryId: a.accessoryId ?? null,
          name: a.name,
          quantity: a.quantity,
          amount: fromMoney(a.amount),
        })),
      );
    }
    const steps = [{ status: 'Pending' as OrderStatus, at: createdAt }, ...later];
    await tx.insert(orderStatusHistoryTable).values(
      steps.map((step, i) => ({
        orderId: order!.id,
        fromStatus: i === 0 ? null : steps[i - 1]!.status,
        toStatus: step.status,
        adminId: 'adminId' in step ? (step.adminId ?? null) : null,
        adminName: 'adminName' in step ? (step.adminName ?? null) : null,
        at: step.at,
      })),
    );
    return order!;
  });
}
