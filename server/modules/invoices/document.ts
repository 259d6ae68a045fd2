import {
  computeInvoice,
  rupeesToPaise,
  stateCodeOf,
  stateNameOf,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '@shared/gst';
import type { InvoiceSeller, OrderAddress } from '../../db/schema';
import { addressLine } from '../orders/jobSheet';

/**
 * A tax invoice as first printed (issue 16), kept in invoices.document so that a later change
 * of rates, names or addresses never changes an invoice already issued: the seller as the
 * invoice was numbered, the buyer and place of supply, and every figure (computeInvoice).
 */
export interface InvoiceDocument {
  version: 1;
  invoiceNo: string;
  /** When the invoice was numbered (its date), ISO. */
  issuedAt: string;
  /** The order number customers see (OD...). */
  orderNo: string;
  seller: InvoiceSeller;
  buyer: {
    name: string;
    phone: string;
    /** The delivery address on one line. */
    address: string;
    /** The state as the address writes it ('' when none). */
    state: string;
    /**
     * A registered buyer's GSTIN and legal name (issue 38), from invoices.buyer_gstin when the
     * invoice was numbered; absent for a household (B2C).
     */
    gstin?: string;
    legalName?: string;
  };
  /** The buyer's state, or the seller's when the address names no GST state. */
  placeOfSupply: { state: string; code: string };
  figures: InvoiceTotals;
}

/** A GST classification as stored: either part may be unset (null). */
export interface TaxClass {
  hsnCode: string | null;
  gstRate: string | null;
}

/** A line's HSN/SAC and rate: its own, else its category's, else no code and the default rate. */
export function taxOfLine(
  own: TaxClass | null,
  category: TaxClass,
  defaultRatePercent: number,
): { hsn: string; ratePercent: number } {
  const hsn = own?.hsnCode || category.hsnCode || '';
  const rate = own?.gstRate ?? category.gstRate;
  return { hsn, ratePercent: rate === null ? defaultRatePercent : Number(rate) };
}

/** A line before tax: its unit price in rupees as stored (numeric columns are strings). */
export interface ChargeLine {
  description: string;
  quantity: number;
  unitPrice: string | number;
  hsn: string;
  ratePercent: number;
}

/** What an order charges, before tax. */
export interface OrderCharges {
  /** The product or tiffin plan: the principal supply the charges go with. */
  principal: ChargeLine;
  accessories: ChargeLine[];
  deliveryCharge: string | number;
  emergencyCharge: string | number;
}

/**
 * The invoice lines of an order: the product or plan, each accessory, and the delivery and
 * emergency charges when not zero. The charges are part of a composite supply whose principal
 * supply is the product, so they take its HSN/SAC code and rate.
 */
export function invoiceLinesOf(charges: OrderCharges): InvoiceLineInput[] {
  const { principal } = charges;
  const line = (l: ChargeLine): InvoiceLineInput => ({
    description: l.description,
    hsn: l.hsn,
    quantity: l.quantity,
    unitPaise: rupeesToPaise(l.unitPrice),
    ratePercent: l.ratePercent,
  });
  const charge = (description: string, unitPrice: string | number) =>
    rupeesToPaise(unitPrice) === 0
      ? []
      : [line({ ...principal, description, quantity: 1, unitPrice })];
  return [
    line(principal),
    ...charges.accessories.map(line),
    ...charge('Delivery charge', charges.deliveryCharge),
    ...charge('Emergency delivery charge', charges.emergencyCharge),
  ];
}

/**
 * The GST of an order in paise, as its invoice will compute it: the sum of the lines' taxes,
 * CGST + SGST or IGST by the buyer's state. Before the business details are saved the seller's
 * state is not known, and the order is taxed as a supply within the buyer's state.
 */
export function orderTaxPaise(
  charges: OrderCharges,
  buyerState: string | undefined,
  sellerStateCode: string | undefined,
): number {
  const lines = invoiceLinesOf(charges);
  if (!sellerStateCode) {
    // Within one state: with no buyer's state, computeInvoice taxes within the seller's, and
    // CGST + SGST come out the same whichever state that is.
    return computeInvoice({ lines, sellerStateCode: WITHIN_ONE_STATE, buyerStateCode: undefined })
      .taxPaise;
  }
  const buyer = buyerState ? stateCodeOf(buyerState) : undefined;
  return computeInvoice({ lines, sellerStateCode, buyerStateCode: buyer }).taxPaise;
}

/** Any GST state code: the tax within a state does not depend on which. */
const WITHIN_ONE_STATE = '29';

/** Everything an order's invoice is built from, read by the repository (invoiceSources). */
export interface InvoiceSource {
  order: {
    id: string;
    orderNo: string;
    quantity: number;
    price: string;
    deliveryCharge: string;
    emergencyCharge: string;
    address: OrderAddress | null;
    deliveryAddress: OrderAddress | null;
  };
  customer: { firstName: string; lastName: string; phone: string };
  category: TaxClass & { name: string; kind: string };
  product: (TaxClass & { name: string }) | null;
  plan: { name: string; duration: number } | null;
  accessories: {
    name: string;
    quantity: number;
    amount: string;
    /** Null when the accessory was deleted since: its category's classification applies. */
    tax: TaxClass | null;
  }[];
  /** The net deposit of the order's ledger entries (return requests apart), rupees. */
  deposit: string;
  /** The delivery settings' GST percent: the rate of what has none of its own. */
  defaultRatePercent: number;
}

/** The charges of an order with each line's classification resolved. */
export function chargesOf(source: InvoiceSource): OrderCharges {
  const { order, category, product, plan } = source;
  const description = plan
    ? `${plan.name} (${plan.duration} days)`
    : (product?.name ?? category.name);
  return {
    principal: {
      description,
      quantity: order.quantity,
      unitPrice: order.price,
      ...taxOfLine(product, category, source.defaultRatePercent),
    },
    accessories: source.accessories.map((a) => ({
      description: a.name,
      quantity: a.quantity,
      unitPrice: a.amount,
      ...taxOfLine(a.tax, category, source.defaultRatePercent),
    })),
    deliveryCharge: order.deliveryCharge,
    emergencyCharge: order.emergencyCharge,
  };
}

/**
 * The invoice of an order, as it is frozen on its first download. A registered buyer's GSTIN
 * and legal name are the invoice row's (copied when it was numbered), never the customer's as
 * they are now.
 */
export function buildInvoiceDocument(
  source: InvoiceSource,
  invoice: {
    invoiceNo: string;
    issuedAt: Date;
    seller: InvoiceSeller;
    buyerGstin?: string | null;
    buyerLegalName?: string | null;
  },
): InvoiceDocument {
  const { order, customer, category } = source;
  // Tiffin meals go to the delivery address; other services to the order's address.
  const address =
    category.kind === 'tiffin' ? (order.deliveryAddress ?? order.address) : order.address;
  const buyerCode = address?.state ? stateCodeOf(address.state) : undefined;
  const placeCode = buyerCode ?? invoice.seller.stateCode;
  const figures = computeInvoice({
    lines: invoiceLinesOf(chargesOf(source)),
    sellerStateCode: invoice.seller.stateCode,
    buyerStateCode: buyerCode,
    depositPaise: rupeesToPaise(source.deposit),
  });
  return {
    version: 1,
    invoiceNo: invoice.invoiceNo,
    issuedAt: invoice.issuedAt.toISOString(),
    orderNo: order.orderNo,
    seller: invoice.seller,
    buyer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      phone: customer.phone,
      address: address ? addressLine(address) : '',
      state: address?.state ?? '',
      ...(invoice.buyerGstin
        ? { gstin: invoice.buyerGstin, legalName: invoice.buyerLegalName ?? '' }
        : {}),
    },
    placeOfSupply: { state: stateNameOf(placeCode) ?? placeCode, code: placeCode },
    figures,
  };
}
