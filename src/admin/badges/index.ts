import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { lazyPage } from '../lazyPage';

/** The `badges` resource: list with holder counts, create, edit, delete. */
export default {
  list: lazyPage(() => import('./BadgeList'), 'BadgeList'),
  create: lazyPage(() => import('./BadgeCreate'), 'BadgeCreate'),
  edit: lazyPage(() => import('./BadgeEdit'), 'BadgeEdit'),
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
};
