/** Wording of the orders screens (spec 001), merged into the catalogue as `app.orders.*`. */
export const messages = {};
