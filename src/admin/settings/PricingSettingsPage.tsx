import { ArrayInput, BooleanInput, FormDataConsumer, maxValue, minValue, NumberInput, required, SelectInput, SimpleForm, SimpleFormIterator } from 'react-admin';
import { Box } from '@mui/material';
import { fromPricingForm, RESERVE_VISIBILITY_CHOICES } from './settings';
import { SettingsFrame } from './SettingsFrame';
import { useSaveSettings, useSettings } from './useSettings';

/** "Reserve & BIN": whether sellers may use reserve prices and Buy It Now, and their limits. */
export const PricingSettingsPage = () => {
  const settings = useSettings();
  const { save } = useSaveSettings('pricing');
  const pricing = settings.data?.pricing;
  return (
    <SettingsFrame
      title="Reserve & BIN"
      subheader="Reserve prices and Buy It Now for forward auctions."
      isLoading={settings.isLoading}
      error={settings.error}
    >
      {pricing && (
        <SimpleForm record={pricing} onSubmit={(values: Record<string, unknown>) => save({ ...pricing, ...fromPricingForm(values, pricing) })}>
          <FormDataConsumer>
            {({ formData }) => {
              const reserveOff = !formData.allowReservePrices;
              const binOff = !formData.allowBuyItNow;
              return (
                <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr' }, width: '100%' }}>
                  <Box>
                    <BooleanInput source="allowReservePrices" label="Allow reserve prices" />
                    <NumberInput
                      source="maxReservePercentage"
                      label="Max reserve percentage"
                      step={1}
                      min={0}
                      max={100}
                      disabled={reserveOff}
                      validate={[required(), minValue(0, 'Must be between 0 and 100'), maxValue(100, 'Must be between 0 and 100')]}
                    />
                    <BooleanInput source="defaultReserveEnabled" label="Reserve on by default" disabled={reserveOff} />
                    <SelectInput
                      source="reservePriceVisibility"
                      label="Reserve price visibility"
                      choices={RESERVE_VISIBILITY_CHOICES}
                      disabled={reserveOff}
                      validate={required()}
                    />
                  </Box>
                  <Box>
                    <BooleanInput source="allowBuyItNow" label="Allow Buy It Now" />
                    <NumberInput
                      source="minBuyItNowMultiplier"
                      label="Min Buy It Now multiplier (× starting bid)"
                      step={0.1}
                      min={1}
                      disabled={binOff}
                      validate={[required(), minValue(1, 'Must be at least 1.0')]}
                    />
                    <BooleanInput source="defaultBuyItNowEnabled" label="Buy It Now on by default" disabled={binOff} />
                    <BooleanInput source="autoRemoveBinAfterBids" label="Remove Buy It Now after the first bid" disabled={binOff} />
                  </Box>
                  <Box sx={{ gridColumn: { md: '1 / span 2' } }}>
                    <ArrayInput source="commissionTiers" label="Commission tiers (% of the part of the price above each amount; frozen on each order)">
                      <SimpleFormIterator inline disableReordering>
                        <NumberInput source="from" label="From ($)" step={0.01} min={0} validate={[required(), minValue(0, 'Must be at least 0')]} />
                        <NumberInput
                          source="ratePercent"
                          label="Rate (%)"
                          step={0.1}
                          min={0}
                          max={100}
                          validate={[required(), minValue(0, 'Must be between 0 and 100'), maxValue(100, 'Must be between 0 and 100')]}
                        />
                      </SimpleFormIterator>
                    </ArrayInput>
                  </Box>
                </Box>
              );
            }}
          </FormDataConsumer>
        </SimpleForm>
      )}
    </SettingsFrame>
  );
};
