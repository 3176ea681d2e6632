import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { LoginPage } from './layout/LoginPage';
import { PitlaneLayout } from './layout/PitlaneLayout';
import mailOutbox from './mail-outbox';
import { theme } from './theme';
import users from './users';

/** Where the server mounts the console (Vite's `base` without the trailing slash). */
export const CONSOLE_BASENAME = '/admin';

/**
 * The Pitlane console. Every page needs a session (requireAuth); the layout then shows the
 * resources to admins only and the access-denied screen to everyone else.
 */
export const App = () => (
  <Admin
    basename={CONSOLE_BASENAME}
    title="Pitlane Admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    requireAuth
    loginPage={LoginPage}
    layout={PitlaneLayout}
    dashboard={Dashboard}
    accessDenied={AccessDeniedPage}
    theme={theme}
    disableTelemetry
  >
    <Resource name="users" options={{ label: 'Users' }} {...users} />
    <Resource name="mail-outbox" options={{ label: 'Mail outbox' }} {...mailOutbox} />
  </Admin>
);
