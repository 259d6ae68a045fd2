import { orderTaxPaise, taxOfLine, type TaxClass } from '../invoices/document';

/*
 * How an order placed on the server is priced: a phone order (phoneOrder.ts) and a day's order
 * made from a subscription (server/modules/roster/makeDay.ts) both go through priceOrder, so that
 * the two agree with each other and with the tax invoice the order will get.
 */

/** The price a customer pays for a product or an accessory: the discounted one when set. */
export const sellingPrice = (row: { price: string; discountPrice: string }) =>
  Number(row.discountPrice) || Number(row.price);

/** A tiffin plan's price for one delivered day: its price over its days, rounded to paise. */
export const planDayPrice = (plan: { price: string | number; duration: number }) =>
  Math.round((Number(plan.price) * 100) / Math.max(1, plan.duration)) / 100;

/** The delivery settings' charges and default GST, in rupees and percent. */
export interface PricingCharges {
  standardCharge: number;
  emergencyCharge: number;
  gst: number;
}

/** A product with its prices and tax class, or a tiffin plan with its price and days. */
export type PricedItem =
  | {
      kind: 'product';
      name: string;
      price: string;
      discountPrice: string;
      hsnCode: string | null;
      gstRate: string | null;
    }
  | { kind: 'plan'; name: string; price: string | number; duration: number };

export interface OrderPriceInput {
  item: PricedItem;
  /** The service (category): the tax class of lines without their own. */
  service: TaxClass;
  quantity: number;
  /** Accessories with their unit amount in rupees (their selling price) and tax class. */
  accessories: { name: string; quantity: number; amount: number; tax: TaxClass }[];
  charges: PricingCharges;
  isEmergency: boolean;
  /** The delivery address's state and the seller's state code (GST: within a state or not). */
  buyerState: string | undefined;
  sellerStateCode: string | undefined;
}

export interface OrderPrice {
  /** Unit price in rupees. */
  price: number;
  deliveryCharge: number;
  emergencyCharge: number;
  /** GST in rupees, as the order's tax invoice will compute it. */
  gst: number;
}

/**
 * A product: its selling price, the standard delivery charge (and the emergency charge for an
 * emergency), GST on all of it (orderTaxPaise: each line at the product's, accessory's or
 * service's rate, else the delivery settings' GST; the charges at the product's rate). A tiffin
 * plan: the plan's price per day, no delivery charge (as the seed's tiffin orders), GST at the
 * tiffin service's rate.
 */
export function priceOrder(input: OrderPriceInput): OrderPrice {
  const { item, service, charges } = input;
  const isPlan = item.kind === 'plan';
  const price = isPlan ? planDayPrice(item) : sellingPrice(item);
  const deliveryCharge = isPlan ? 0 : charges.standardCharge;
  const emergencyCharge = !isPlan && input.isEmergency ? charges.emergencyCharge : 0;
  const gstPaise = orderTaxPaise(
    {
      principal: {
        description: item.name,
        quantity: input.quantity,
        unitPrice: price,
        ...taxOfLine(isPlan ? null : item, service, charges.gst),
      },
      accessories: input.accessories.map((a) => ({
        description: a.name,
        quantity: a.quantity,
        unitPrice: a.amount,
        ...taxOfLine(a.tax, service, charges.gst),
      })),
      deliveryCharge,
      emergencyCharge,
    },
    input.buyerState,
    input.sellerStateCode,
  );
  return { price, deliveryCharge, emergencyCharge, gst: gstPaise / 100 };
}
