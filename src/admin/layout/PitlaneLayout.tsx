import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { AppBar, Layout, Loading, TitlePortal, useGetIdentity, usePermissions, UserMenu } from 'react-admin';
import { canUseConsole } from '../session';
import { AccessDeniedPage } from './AccessDeniedPage';

/**
 * The account menu, whose accessible name starts with the name it shows (WCAG 2.5.3 "Label in Name"; the
 * stock menu button reads "Profile" while it shows the admin's name).
 */
const PitlaneUserMenu = () => {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}: account menu` : 'Account menu'} />;
};

/** The app bar: the Pitlane Admin brand in racing red, then the current page's title, the page's h1. */
export const PitlaneAppBar = () => (
  <AppBar color="primary" userMenu={<PitlaneUserMenu />}>
    <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, mr: 2, whiteSpace: 'nowrap' }}>
      Pitlane Admin
    </Typography>
    <Box component="span" sx={{ opacity: 0.6, mr: 2 }}>
      |
    </Box>
    <TitlePortal component="h1" />
  </AppBar>
);

/**
 * Every console page goes through this layout. It renders the pages (and so the resources) only
 * for an admin; any other signed-in user gets the access-denied screen instead, whatever the URL.
 */
export const PitlaneLayout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading />;
  if (!canUseConsole(permissions)) return <AccessDeniedPage />;
  return <Layout appBar={PitlaneAppBar}>{children}</Layout>;
};
