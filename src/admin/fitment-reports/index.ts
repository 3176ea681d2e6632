import BuildIcon from '@mui/icons-material/Build';
import { lazyPage } from '../lazyPage';

/** The `fitment-reports` resource (issue 35): buyers' "Did it fit?" reports, read-only. */
export default {
  list: lazyPage(() => import('./FitmentReportList'), 'FitmentReportList'),
  icon: BuildIcon,
  recordRepresentation: 'model',
};
