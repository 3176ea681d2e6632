import AutorenewIcon from '@mui/icons-material/Autorenew';
import { lazyPage } from '../lazyPage';

/** The auto-relist page at /admin/auto-relist. */
export default { list: lazyPage(() => import('./AutoRelistPage'), 'AutoRelistPage'), icon: AutorenewIcon };
