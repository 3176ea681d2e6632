import RateReviewIcon from '@mui/icons-material/RateReview';
import { ReportedReviewList } from './ReportedReviewList';
import { ReportedReviewShow } from './ReportedReviewShow';

/** The `reported-reviews` resource: reviews users reported; admins hide, restore or dismiss. */
export default {
  list: ReportedReviewList,
  show: ReportedReviewShow,
  icon: RateReviewIcon,
  recordRepresentation: 'title',
};
