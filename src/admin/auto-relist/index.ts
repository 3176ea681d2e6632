import AutorenewIcon from '@mui/icons-material/Autorenew';
import { AutoRelistPage } from './AutoRelistPage';

/** The auto-relist page at /admin/auto-relist. */
export default { list: AutoRelistPage, icon: AutorenewIcon };
