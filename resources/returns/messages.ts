/** Wording of the returns screens (spec 001), merged into the catalogue as `app.returns.*`. */
export const messages = {};
