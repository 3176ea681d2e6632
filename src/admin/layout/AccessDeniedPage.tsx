import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import { useGetIdentity, useLogout } from 'react-admin';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = "You don't have permission to perform this action.";

/** Full-page card for a signed-in user who is not an admin: no resources, a way home and a way out. */
export const AccessDeniedPage = () => {
  const logout = useLogout();
  const { identity } = useGetIdentity();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'grey.100',
      }}
    >
      <Card sx={{ maxWidth: 460, width: '100%', borderTop: 4, borderColor: 'primary.main' }} data-testid="access-denied">
        <CardContent sx={{ textAlign: 'center', pt: 4 }}>
          <BlockIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 600 }}>
            {ACCESS_DENIED_TITLE}
          </Typography>
          <Typography variant="body1" sx={{ mt: 1.5 }}>
            {ACCESS_DENIED_TEXT}
          </Typography>
          {identity?.fullName ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Signed in as {identity.fullName}. The Pitlane console is for administrators only.
            </Typography>
          ) : null}
        </CardContent>
        <CardActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
          <Button variant="outlined" href="/" startIcon={<ArrowBackIcon />}>
            Back to Pitlane
          </Button>
          <Button variant="contained" onClick={() => logout()} startIcon={<LogoutIcon />}>
            Sign out
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
};
