import DatasetIcon from '@mui/icons-material/Dataset';
import { DemoDataPage } from './DemoDataPage';

/** The Demo Data tab at /admin/demo-data (spec 001 §2). */
export default { list: DemoDataPage, icon: DatasetIcon };
