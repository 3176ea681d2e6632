import DatasetIcon from '@mui/icons-material/Dataset';
import { lazyPage } from '../lazyPage';

/** The Demo Data tab at /admin/demo-data (spec 001 §2). */
export default { list: lazyPage(() => import('./DemoDataPage'), 'DemoDataPage'), icon: DatasetIcon };
