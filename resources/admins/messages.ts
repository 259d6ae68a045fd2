/** Wording of the admins screens (spec 001), merged into the catalogue as `app.admins.*`. */
export const messages = {};
