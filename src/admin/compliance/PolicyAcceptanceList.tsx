import { useState } from 'react';
import { Chip, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Button,
  Datagrid,
  DateField,
  type DataProvider,
  downloadCSV,
  EmailField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
} from 'react-admin';
import type { ComplianceAcceptanceDto, PolicyComplianceDto } from '../../modules/accounts/policy.dto';
import { roleChoices } from '../users/roles';
import { CSV_HEADERS, acceptanceText, csvFileName, csvRow, toCsv } from './complianceExport';
import { PublishPolicyCard } from './PublishPolicyCard';

/** The server's largest page. */
const EXPORT_PAGE = 100;

/** Every user matching `filter` (page by page, not just the rows on screen). */
export async function fetchAllAcceptances(dataProvider: DataProvider, filter: Record<string, unknown>): Promise<PolicyComplianceDto[]> {
  const all: PolicyComplianceDto[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await dataProvider.getList<PolicyComplianceDto>('policy-acceptances', {
      pagination: { page, perPage: EXPORT_PAGE },
      sort: { field: 'username', order: 'ASC' },
      filter,
    });
    all.push(...data);
    if (data.length < EXPORT_PAGE || (total !== undefined && all.length >= total)) return all;
  }
}

/** "Export CSV": the users of the current filters as policy-acceptances-<date>.csv. */
function ExportAcceptancesButton() {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      const rows = await fetchAllAcceptances(dataProvider, filterValues);
      downloadCSV(toCsv(CSV_HEADERS, rows.map(csvRow)), csvFileName(new Date()));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={busy ? 'Exporting...' : 'Export CSV'} onClick={exportAll} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}

const statusChoices = [
  { id: 'not_accepted', name: 'Not accepted' },
  { id: 'accepted', name: 'Accepted' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Search users" alwaysOn />,
  <SelectInput key="status" source="status" label="Acceptance" choices={statusChoices} alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={roleChoices} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <ExportAcceptancesButton />
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
