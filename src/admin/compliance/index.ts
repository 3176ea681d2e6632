import PolicyIcon from '@mui/icons-material/Policy';
import { lazyPage } from '../lazyPage';

/** The `policy-acceptances` resource: the Policy & Compliance tab (Policy Acceptance Dashboard and policy versions). */
export default {
  list: lazyPage(() => import('./PolicyAcceptanceList'), 'PolicyAcceptanceList'),
  icon: PolicyIcon,
  recordRepresentation: 'username',
};
