import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { BadgeCreate } from './BadgeCreate';
import { BadgeEdit } from './BadgeEdit';
import { BadgeList } from './BadgeList';

/** The `badges` resource: list with holder counts, create, edit, delete. */
export default {
  list: BadgeList,
  create: BadgeCreate,
  edit: BadgeEdit,
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
};
