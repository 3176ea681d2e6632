import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mui/material';

export interface MonthlyBarChartProps {
  /** One point per month: `month` is the axis label, the bars' keys hold dollar amounts. */
  data: ReadonlyArray<{ month: string }>;
  bars: ReadonlyArray<{ dataKey: string; name: string; fill: string }>;
  /** Bars stacked into one column per month instead of side by side. */
  stacked?: boolean;
  /** Grid lines across only (horizontal) or both ways. */
  grid?: 'horizontal' | 'both';
}

// recharts and its d3 modules are about 100 KB of gzip JavaScript: they load when a page first shows a chart.
const MonthlyBarChart = lazy(() => import('./MonthlyBarChart'));

/** A monthly bar chart in a box of `height` px, described by `label` for screen readers; a placeholder while its code loads. */
export function LazyBarChart({ label, height, ...chart }: MonthlyBarChartProps & { label: string; height: number }) {
  return (
    <Box sx={{ width: '100%', height }} role="img" aria-label={label}>
      <Suspense fallback={<Skeleton variant="rectangular" width="100%" height={height} />}>
        <MonthlyBarChart {...chart} />
      </Suspense>
    </Box>
  );
}
