import ReportIcon from '@mui/icons-material/Report';
import { lazyPage } from '../lazyPage';

/** The `bidding-patterns` resource: the queue of flagged bids and their review. No create, no delete. */
export default {
  list: lazyPage(() => import('./BiddingPatternList'), 'BiddingPatternList'),
  edit: lazyPage(() => import('./BiddingPatternEdit'), 'BiddingPatternEdit'),
  icon: ReportIcon,
  recordRepresentation: 'patternType',
};
