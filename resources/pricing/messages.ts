/** Wording of the pricing screens (spec 000), merged into the catalogue as `app.pricing.*`. */
export const messages = {};
