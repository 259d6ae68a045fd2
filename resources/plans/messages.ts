/** Wording of the plans screens (spec 000), merged into the catalogue as `app.plans.*`. */
export const messages = {};
