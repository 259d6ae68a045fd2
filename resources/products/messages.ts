/** Wording of the products screens (spec 000), merged into the catalogue as `app.products.*`. */
export const messages = {};
