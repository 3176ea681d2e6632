import { BooleanInput, minValue, NumberInput, required, SimpleForm } from 'react-admin';
import { Box } from '@mui/material';
import { AUCTION_FORM_MESSAGES } from '../../modules/auctions/auction.messages';
import { fromAuctionForm, toAuctionForm } from './settings';
import { SettingsFrame } from './SettingsFrame';
import { useSaveSettings, useSettings } from './useSettings';

const atLeastZero = [required(), minValue(0, 'Must be 0 or more')];

/** "Auction Settings": anti-sniping, proxy bidding, the default increment and the minimum duration (hours in, seconds stored). */
export const AuctionSettingsPage = () => {
  const settings = useSettings();
  const { save } = useSaveSettings('auction', (field) =>
    field === 'minimumAuctionDuration' ? 'minimumAuctionDurationHours' : field,
  );
  return (
    <SettingsFrame
      title="Auction Settings"
      subheader="Defaults and rules for every forward auction."
      isLoading={settings.isLoading}
      error={settings.error}
    >
      {settings.data && (
        <SimpleForm record={toAuctionForm(settings.data.auction)} onSubmit={(values: Record<string, unknown>) => save(fromAuctionForm(values))}>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' }, width: '100%' }}>
            <NumberInput
              source="autoExtendTrigger"
              label="Auto-extend trigger (seconds before end)"
              step={1}
              min={0}
              validate={atLeastZero}
              helperText="A bid this close to the end extends the auction"
            />
            <NumberInput source="autoExtendTime" label="Auto-extend time (seconds)" step={1} min={0} validate={atLeastZero} />
            <NumberInput source="maxExtensions" label="Max extensions" step={1} min={0} validate={atLeastZero} />
            <NumberInput
              source="defaultBidIncrement"
              label="Default bid increment (USD)"
              step={0.01}
              min={0.01}
              validate={[required(), minValue(0.01, AUCTION_FORM_MESSAGES.bidIncrementAboveZero)]}
            />
            <NumberInput
              source="minimumAuctionDurationHours"
              label="Minimum auction duration (hours)"
              step={1}
              min={0}
              validate={atLeastZero}
            />
          </Box>
          <BooleanInput source="allowProxy" label="Allow proxy (automatic) bidding" />
        </SimpleForm>
      )}
    </SettingsFrame>
  );
};
