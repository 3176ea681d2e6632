import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** One labelled fact of a record's page (label above, value below). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}
