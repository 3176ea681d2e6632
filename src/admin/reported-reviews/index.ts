import RateReviewIcon from '@mui/icons-material/RateReview';
import { lazyPage } from '../lazyPage';

/** The `reported-reviews` resource: reviews users reported; admins hide, restore or dismiss. */
export default {
  list: lazyPage(() => import('./ReportedReviewList'), 'ReportedReviewList'),
  show: lazyPage(() => import('./ReportedReviewShow'), 'ReportedReviewShow'),
  icon: RateReviewIcon,
  recordRepresentation: 'title',
};
