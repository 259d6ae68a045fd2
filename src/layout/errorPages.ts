// The pages a signed-in admin may meet instead of a screen, loaded with the layout's chunk.
export { AccessDenied, AuthenticationError, Error, NotFound } from 'react-admin';
