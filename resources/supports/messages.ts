/** Wording of the supports screens (spec 001), merged into the catalogue as `app.supports.*`. */
export const messages = {};
