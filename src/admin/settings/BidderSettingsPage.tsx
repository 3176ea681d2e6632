import { BooleanInput, maxValue, minValue, NumberInput, required, SimpleForm, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import { fromBidderForm, toBidderForm } from './settings';
import { SettingsFrame } from './SettingsFrame';
import { useSaveSettings, useSettings } from './useSettings';

/** "Bidder Mgmt": who may bid, and the fraud checks on bids. */
export const BidderSettingsPage = () => {
  const settings = useSettings();
  const { save } = useSaveSettings('bidder');
  return (
    <SettingsFrame
      title="Bidder Mgmt"
      subheader="Who may bid, and how suspicious bidding is caught."
      isLoading={settings.isLoading}
      error={settings.error}
    >
      {settings.data && (
        <SimpleForm record={toBidderForm(settings.data.bidder)} onSubmit={(values: Record<string, unknown>) => save(fromBidderForm(values))}>
          <BooleanInput source="requireBidderVerification" label="Require verified bidders (email verified)" />
          <BooleanInput source="requireApproval" label="Require manual approval of bidders" />
          <BooleanInput source="patternAnalysisEnabled" label="Bidding pattern analysis" />
          <BooleanInput source="geoVerificationEnabled" label="Geographic verification" />
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' }, width: '100%' }}>
            <NumberInput
              source="minAccountAgeHours"
              label="Minimum account age (hours)"
              step={1}
              min={0}
              validate={[required(), minValue(0, 'Must be 0 or more')]}
            />
            <NumberInput
              source="maxSuspiciousScore"
              label="Max suspicious score"
              step={1}
              min={0}
              max={100}
              validate={[required(), minValue(0, 'Must be between 0 and 100'), maxValue(100, 'Must be between 0 and 100')]}
              helperText="Bids scoring above this are flagged"
            />
            <NumberInput
              source="maxUnpaidItems"
              label="Block bidders with unpaid items"
              step={1}
              min={0}
              max={100}
              validate={[minValue(0, 'Must be between 0 and 100'), maxValue(100, 'Must be between 0 and 100')]}
              helperText="Auction wins cancelled for non-payment before bidding is blocked; 0 never blocks"
            />
          </Box>
          <TextInput
            source="allowedCountries"
            label="Allowed countries"
            helperText="Comma-separated country codes, e.g. US, CA, GB; empty allows every country"
            fullWidth
          />
          <TextInput
            source="blockedBidders"
            label="Blocked bidders"
            helperText="Comma-separated usernames"
            fullWidth
            multiline
          />
        </SimpleForm>
      )}
    </SettingsFrame>
  );
};
