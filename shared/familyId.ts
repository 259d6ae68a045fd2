/**
 * The Family Id the panel, the statements and the messages show: a customer id's last 10 hex
 * digits (spec 001 §9 cuts ids to 10 characters; ours are UUIDv7, whose first characters are a
 * timestamp shared by customers created together, so the random end is kept). The customers'
 * `customers_family_id_idx` indexes the same expression, so a search for it is a lookup.
 */
export const familyIdOf = (id: string): string => id.replace(/-/g, '').slice(-10);
