/** Wording of the pincodes screens (spec 000), merged into the catalogue as `app.pincodes.*`. */
export const messages = {};
