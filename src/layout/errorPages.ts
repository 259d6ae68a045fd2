// The pages a signed-in admin may meet instead of a screen, loaded with the layout's chunk.
export { AccessDenied, AuthenticationError, Error } from 'react-admin';
// An unknown address: the panel's own page, linking to the dashboard.
export { PageNotFound as NotFound } from '../pages/PageNotFound';
