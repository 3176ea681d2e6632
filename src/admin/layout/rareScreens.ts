/**
 * react-admin's screens that a session rarely sees, in a chunk of their own that App.tsx and the layout load when
 * one is shown (each brings react-admin's page title with its editor, out of the console's first screen).
 */
export { AuthenticationError, Error, NotFound } from 'react-admin';
