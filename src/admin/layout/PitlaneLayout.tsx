import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { AppBar, Layout, Loading, TitlePortal, usePermissions } from 'react-admin';
import { canUseConsole } from '../session';
import { AccessDeniedPage } from './AccessDeniedPage';

/** The app bar: the Pitlane Admin brand in racing red, then the current page's title. */
export const PitlaneAppBar = () => (
  <AppBar color="primary">
    <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, mr: 2, whiteSpace: 'nowrap' }}>
      Pitlane Admin
    </Typography>
    <Box component="span" sx={{ opacity: 0.6, mr: 2 }}>
      |
    </Box>
    <TitlePortal />
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
