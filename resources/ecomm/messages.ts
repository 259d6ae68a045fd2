/** Wording of the ecomm screens (spec 001), merged into the catalogue as `app.ecomm.*`. */
export const messages = {};
