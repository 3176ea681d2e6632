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

/** A record page's facts in two columns, four on wide screens; mb is the space under them. */
export function FactGrid({ children, mb }: { children: ReactNode; mb?: number }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb }}>{children}</Box>;
}
