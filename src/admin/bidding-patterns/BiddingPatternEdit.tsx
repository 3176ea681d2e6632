import { Alert } from '@mui/material';
import {
  DateField,
  Edit,
  FunctionField,
  Labeled,
  ListButton,
  NumberField,
  NumberInput,
  ReferenceField,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  maxValue,
  minValue,
  required,
  useRecordContext,
} from 'react-admin';
import type { BiddingPatternDto } from '../../modules/auctions/bidding-pattern.dto';
import { ACTION_LABELS, actionChoices, patternLabel } from './patterns';

const Title = () => {
  const record = useRecordContext<BiddingPatternDto>();
  return <span>Flag {record ? `"${patternLabel(record.patternType)}" on ${record.username}` : ''}</span>;
};

/** The server reads only the review's fields. */
const reviewOnly = (data: Partial<BiddingPatternDto> & { notes?: string }) => ({
  actionTaken: data.actionTaken,
  ...(data.notes ? { notes: data.notes } : {}),
  ...(typeof data.suspiciousActivityScore === 'number' ? { suspiciousActivityScore: data.suspiciousActivityScore } : {}),
});

/** The facts of the flag, then the review form while it is pending (a reviewed flag shows what was done). */
function Review() {
  const record = useRecordContext<BiddingPatternDto>();
  if (!record) return null;
  if (record.status !== 'pending') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        Reviewed {record.reviewedAt ? new Date(record.reviewedAt).toLocaleString('en-US') : ''}:{' '}
        {record.actionTaken ? ACTION_LABELS[record.actionTaken] : 'no action recorded'}.
      </Alert>
    );
  }
  return (
    <>
      <SelectInput source="actionTaken" label="Action taken" choices={actionChoices} validate={required()} sx={{ minWidth: 320 }} />
      <TextInput source="notes" label="Notes (quoted in a warning mail; kept in the audit log)" multiline minRows={2} fullWidth />
      <NumberInput
        source="suspiciousActivityScore"
        label="Bidder's suspicious score (0-100)"
        validate={[minValue(0), maxValue(100)]}
        helperText="Bidding pauses at the maximum set in Bidder Mgmt; lower it for a false alarm."
      />
    </>
  );
}

const ReviewToolbar = () => {
  const record = useRecordContext<BiddingPatternDto>();
  return <Toolbar>{record?.status === 'pending' ? <SaveButton label="Record review" /> : <span />}</Toolbar>;
};

/** Reviewing one flag: the bidder, the auction, the pattern, and the action taken. */
export const BiddingPatternEdit = () => (
  <Edit
    title={<Title />}
    actions={
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    }
    mutationMode="pessimistic"
    transform={reviewOnly}
    redirect="list"
  >
    <SimpleForm toolbar={<ReviewToolbar />}>
      <Labeled label="Pattern">
        <FunctionField<BiddingPatternDto> render={(r) => patternLabel(r.patternType)} />
      </Labeled>
      <Labeled label="Description">
        <TextField source="description" />
      </Labeled>
      <Labeled label="Bidder">
        <ReferenceField source="userId" reference="users" link="show">
          <TextField source="username" />
        </ReferenceField>
      </Labeled>
      <Labeled label="Suspicious score now">
        <NumberField source="suspiciousActivityScore" />
      </Labeled>
      <Labeled label="Auction">
        <ReferenceField source="auctionId" reference="auctions" link="show">
          <TextField source="title" />
        </ReferenceField>
      </Labeled>
      <Labeled label="Auction status">
        <TextField source="auctionStatus" />
      </Labeled>
      <Labeled label="Flagged">
        <DateField source="flaggedAt" showTime />
      </Labeled>
      <Review />
    </SimpleForm>
  </Edit>
);
