import PolicyIcon from '@mui/icons-material/Policy';
import { PolicyAcceptanceList } from './PolicyAcceptanceList';

/** The `policy-acceptances` resource: the Policy & Compliance tab (Policy Acceptance Dashboard and policy versions). */
export default {
  list: PolicyAcceptanceList,
  icon: PolicyIcon,
  recordRepresentation: 'username',
};
