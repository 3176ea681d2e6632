import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, CardHeader } from '@mui/material';
import { Loading, Title } from 'react-admin';

/** The card every settings page sits in, with its loading and error states. */
export function SettingsFrame({
  title,
  subheader,
  isLoading,
  error,
  children,
}: {
  title: string;
  subheader: string;
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Box sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={title} />
      <Card>
        <CardHeader title={title} subheader={subheader} />
        <CardContent sx={{ pt: 0 }}>
          {isLoading ? (
            <Loading loadingPrimary="Loading settings" loadingSecondary="" />
          ) : error ? (
            <Alert severity="error">
              The settings could not be loaded: {error instanceof Error ? error.message : 'unknown error'}. Reload the page
              to try again.
            </Alert>
          ) : (
            children
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
