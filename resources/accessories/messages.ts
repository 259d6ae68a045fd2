/** Wording of the accessories screens (spec 000), merged into the catalogue as `app.accessories.*`. */
export const messages = {};
