/** react-admin's notification snackbar, in a chunk of its own that App.tsx loads with the first notification. */
export { Notification } from 'react-admin';
