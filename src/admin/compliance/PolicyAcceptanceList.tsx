import { Chip, Tooltip } from '@mui/material';
import {
  Datagrid,
  DateField,
  EmailField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ExportAllButton } from '../layout/ExportAllButton';
import type { ComplianceAcceptanceDto, PolicyComplianceDto } from '../../modules/accounts/policy.dto';
import { roleChoices } from '../users/roles';
import { CSV_HEADERS, acceptanceText, csvFileName, csvRow, toCsv } from './complianceExport';
import { PublishPolicyCard } from './PublishPolicyCard';

/** The server's largest page. */
const EXPORT_PAGE = 100;

const statusChoices = [
  { id: 'not_accepted', name: 'Not accepted' },
  { id: 'accepted', name: 'Accepted' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Search users" alwaysOn />,
  <SelectInput key="status" source="status" label="Acceptance" choices={statusChoices} alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={roleChoices} alwaysOn />,
];

/** "Export CSV": the users of the current filters as policy-acceptances-<date>.csv. */
const Actions = () => (
  <TopToolbar>
    <ExportAllButton<PolicyComplianceDto> perPage={EXPORT_PAGE} toCsv={(rows) => toCsv(CSV_HEADERS, rows.map(csvRow))} fileName={() => csvFileName(new Date())} />
  </TopToolbar>
);

function Acceptance({ value }: { value: ComplianceAcceptanceDto | null }) {
  const label = acceptanceText(value);
  const chip = <Chip size="small" label={label} color={value?.isCurrentVersion ? 'success' : value ? 'warning' : 'default'} variant={value ? 'filled' : 'outlined'} />;
  if (!value) return chip;
  return (
    <Tooltip title={`${new Date(value.acceptedAt).toLocaleString('en-US')} · ${value.ipAddress} · ${value.userAgent ?? 'no user agent'}`}>
      <span>
        {chip}
        <br />
        <small>
          {new Date(value.acceptedAt).toLocaleString('en-US')} · {value.ipAddress}
        </small>
      </span>
    </Tooltip>
  );
}

/** Policy & Compliance: every user with their acceptance of the current policies, filters, CSV export, publishing. */
export const PolicyAcceptanceList = () => (
  <>
    <PublishPolicyCard />
    <List
      title="Policy Acceptance Dashboard"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<Actions />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="username" />
        <FunctionField<PolicyComplianceDto> label="Name" sortBy="lastName" render={(r) => `${r.firstName} ${r.lastName}`.trim()} />
        <EmailField source="email" />
        <TextField source="role" />
        <FunctionField<PolicyComplianceDto>
          label="Privacy Policy"
          sortBy="privacyAcceptedAt"
          render={(r) => <Acceptance value={r.privacyPolicy} />}
        />
        <FunctionField<PolicyComplianceDto>
          label="Terms of Service"
          sortBy="termsAcceptedAt"
          render={(r) => <Acceptance value={r.termsOfService} />}
        />
        <FunctionField<PolicyComplianceDto>
          label="User agent"
          sortable={false}
          render={(r) => r.termsOfService?.userAgent ?? r.privacyPolicy?.userAgent ?? '—'}
        />
        <DateField source="createdAt" label="Joined" locales="en-US" />
      </Datagrid>
    </List>
  </>
);
