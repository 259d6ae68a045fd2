/** Wording of the content screens (spec 001), merged into the catalogue as `app.content.*`. */
export const messages = {};
