/** Wording of the users screens (spec 001), merged into the catalogue as `app.users.*`. */
export const messages = {};
