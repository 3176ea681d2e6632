import ReportIcon from '@mui/icons-material/Report';
import { BiddingPatternEdit } from './BiddingPatternEdit';
import { BiddingPatternList } from './BiddingPatternList';

/** The `bidding-patterns` resource: the queue of flagged bids and their review. No create, no delete. */
export default {
  list: BiddingPatternList,
  edit: BiddingPatternEdit,
  icon: ReportIcon,
  recordRepresentation: 'patternType',
};
