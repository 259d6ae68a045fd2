// The statuses of orders, return requests and support tickets, as stored and as shown (the
// stored values are the spec's wording). Plain TypeScript, shared by the server and the panel.

/** The four order statuses, in the order the status modal offers them (spec 001 §4). */
export const ORDER_STATUSES = ['Pending', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The jobs still to be done: what Assigning Jobs and the job sheet show. */
export const OPEN_ORDER_STATUSES: OrderStatus[] = ['Pending', 'Out for Delivery'];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  ORDER_STATUSES.includes(value as OrderStatus);

export const RETURN_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** What an admin settles a Pending return request as. */
export const RETURN_DECISIONS = ['Approved', 'Rejected'] as const satisfies readonly ReturnStatus[];
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

export const SUPPORT_STATUSES = ['unresolved', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
