import StarIcon from '@mui/icons-material/Star';
import { lazyPage } from '../lazyPage';

/** The `featured-listings` resource: the Featured Manager's grids, and the booking form to create and edit. */
export default {
  list: lazyPage(() => import('./FeaturedManager'), 'FeaturedManager'),
  create: lazyPage(() => import('./FeaturedListingCreate'), 'FeaturedListingCreate'),
  edit: lazyPage(() => import('./FeaturedListingEdit'), 'FeaturedListingEdit'),
  icon: StarIcon,
  recordRepresentation: (r: { listingTitle?: string | null; position: number }) => r.listingTitle ?? `Position ${r.position}`,
};
