import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { lazyPage } from '../lazyPage';

/** The `interchange-groups` resource (issue 35): part numbers that name the same part, with the parts each finds. */
export default {
  list: lazyPage(() => import('./InterchangePages'), 'InterchangeList'),
  create: lazyPage(() => import('./InterchangePages'), 'InterchangeCreate'),
  edit: lazyPage(() => import('./InterchangePages'), 'InterchangeEdit'),
  icon: SwapHorizIcon,
  recordRepresentation: 'name',
};
