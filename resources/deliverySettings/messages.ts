/** Wording of the deliverySettings screens (spec 000), merged into the catalogue as `app.deliverySettings.*`. */
export const messages = {};
