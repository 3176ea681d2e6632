import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, ReferenceField, SelectInput, TextField } from 'react-admin';
import type { BiddingPatternDto } from '../../modules/auctions/bidding-pattern.dto';
import { ACTION_LABELS, actionChoices, patternChoices, patternLabel } from './patterns';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Review"
    choices={[
      { id: 'pending', name: 'Pending' },
      { id: 'reviewed', name: 'Reviewed' },
    ]}
    alwaysOn
  />,
  <SelectInput key="patternType" source="patternType" label="Pattern" choices={patternChoices} alwaysOn />,
  <SelectInput key="actionTaken" source="actionTaken" label="Action taken" choices={actionChoices} />,
];

/** The queue of flags the bidding engine recorded: pending first (the default filter), newest first. */
export const BiddingPatternList = () => (
  <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'flaggedAt', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <DateField source="flaggedAt" label="Flagged" showTime />
      <FunctionField<BiddingPatternDto> label="Pattern" sortBy="patternType" render={(r) => patternLabel(r.patternType)} />
      <ReferenceField source="userId" reference="users" label="Bidder" link="show" sortable={false}>
        <TextField source="username" />
      </ReferenceField>
      <NumberField source="suspiciousActivityScore" label="Suspicious score" sortable={false} />
      <NumberField source="riskScore" label="Risk" />
      <ReferenceField source="auctionId" reference="auctions" label="Auction" link="show" sortable={false}>
        <TextField source="title" />
      </ReferenceField>
      <FunctionField<BiddingPatternDto>
        label="Review"
        sortBy="status"
        render={(r) =>
          r.status === 'pending' ? (
            <Chip size="small" color="warning" label="Pending" />
          ) : (
            <Chip size="small" variant="outlined" label={r.actionTaken ? ACTION_LABELS[r.actionTaken] : 'Reviewed'} />
          )
        }
      />
      <FunctionField<BiddingPatternDto> label="Blocked" sortable={false} render={(r) => (r.bidderBlocked ? 'Yes' : 'No')} />
    </Datagrid>
  </List>
);
