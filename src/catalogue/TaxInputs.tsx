import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { deposit, GST_RATE_CHOICES, gstRate, hsnCode } from './tax';

/** 'Returnable (jar or cylinder)' and, for a returnable item, its deposit. */
export function ReturnableInputs() {
  const returnable = Boolean(useWatch({ name: 'returnable' }));
  return (
    <>
      <BooleanInput
        source="returnable"
        label="Returnable (jar or cylinder)"
        helperText="Goes out full and comes back empty; customers' balances are kept."
      />
      {returnable && (
        <NumberInput
          source="deposit"
          label="Deposit (₹)"
          validate={deposit}
          helperText="Refundable, per unit; 0 if you take none. Not taxed."
        />
      )}
    </>
  );
}

/**
 * The HSN/SAC code and GST rate. `unset` names what an empty rate means: 'Category default' on
 * a product or accessory, 'Not set' on a category.
 */
export function TaxInputs({ unset }: { unset: 'Category default' | 'Not set' }) {
  const fallback = unset === 'Category default' ? " Leave empty to use the category's." : '';
  return (
    <>
      <TextInput
        source="hsnCode"
        label="HSN/SAC code"
        validate={hsnCode}
        helperText={`4, 6 or 8 digits; a service's SAC is 6 digits starting with 99.${fallback}`}
      />
      <SelectInput
        source="gstRate"
        label="GST rate (%)"
        choices={GST_RATE_CHOICES}
        emptyText={unset}
        validate={gstRate}
      />
    </>
  );
}
