import StarIcon from '@mui/icons-material/Star';
import { FeaturedListingCreate } from './FeaturedListingCreate';
import { FeaturedListingEdit } from './FeaturedListingEdit';
import { FeaturedManager } from './FeaturedManager';

/** The `featured-listings` resource: the Featured Manager's grids, and the booking form to create and edit. */
export default {
  list: FeaturedManager,
  create: FeaturedListingCreate,
  edit: FeaturedListingEdit,
  icon: StarIcon,
  recordRepresentation: (r: { listingTitle?: string | null; position: number }) => r.listingTitle ?? `Position ${r.position}`,
};
