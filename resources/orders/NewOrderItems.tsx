import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useGetOne,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatRupees } from '@/format';
import { useSlots } from '../subscriptions/useSlots';
import { accessorySource, countRule, PAYMENT_METHODS, quantityRule } from './newOrderValues';

/** What a product or an accessory sells at: the discounted price when it has one. */
const sellingPrice = (r: RaRecord) => Number(r.discountPrice) || Number(r.price) || 0;
const active = (r: RaRecord) => (r.status ?? 'Active') === 'Active';
/** Water and oxygen orders bring empties back (jars, cylinders). */
const collectsEmpties = (kind: unknown) => kind === 'water' || kind === 'oxygen';

// The number inputs carry no min / max: a browser would refuse the form with its own words
// before our validators say what is wrong.

/** The service, its product and accessories, how many, and the jars to collect. */
export function NewOrderItems() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const serviceId = useWatch({ name: 'serviceId' }) as string | null;
  // Tiffin is a plan taken by subscription, not a phone order of a product.
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const services = categories.filter((c) => active(c) && c.kind !== 'tiffin');
  const kind = services.find((s) => String(s.id) === serviceId)?.kind;
  const { data: products = [], isPending } = useGetList(
    'products',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { searchId: serviceId },
    },
    { enabled: Boolean(serviceId) },
  );
  return (
    <>
      <SelectInput
        source="serviceId"
        label="app.orders.new_service"
        choices={services.map((s) => ({ id: String(s.id), name: String(s.name) }))}
        validate={required()}
        onChange={() => {
          setValue('productId', null);
          setValue('accessoryQty', {});
        }}
        fullWidth
      />
      <SelectInput
        source="productId"
        label="app.orders.new_product"
        choices={products.filter(active).map((p) => ({
          id: String(p.id),
          name: translate('app.orders.new_product_option', {
            name: p.name,
            price: formatRupees(sellingPrice(p)),
          }),
        }))}
        isPending={Boolean(serviceId) && isPending}
        disabled={!serviceId}
        validate={required()}
        fullWidth
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput
          source="quantity"
          label="app.orders.quantity"
          validate={quantityRule}
          step={1}
          sx={{ width: 160 }}
        />
        {collectsEmpties(kind) && (
          <NumberInput
            source="returnQuantity"
            label={
              kind === 'oxygen' ? 'app.orders.cylinders_to_collect' : 'app.orders.jars_to_collect'
            }
            validate={countRule}
            step={1}
            sx={{ width: 160 }}
          />
        )}
      </Box>
      {serviceId && <AccessoryInputs serviceId={serviceId} />}
    </>
  );
}

/** Each active accessory of the service with a quantity (0: none). */
function AccessoryInputs({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const { data = [] } = useGetList('accessories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
    filter: { categoryId: serviceId },
  });
  const accessories = data.filter(active);
  if (!accessories.length) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('app.orders.new_accessories')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {accessories.map((a) => (
          <NumberInput
            key={a.id}
            source={accessorySource(String(a.id))}
            label={a.name}
            helperText={translate('app.orders.new_accessory_price', {
              price: formatRupees(sellingPrice(a)),
            })}
            validate={countRule}
            step={1}
            fullWidth
          />
        ))}
      </Box>
    </>
  );
}

/** When and how: the slot, emergency, payment (with the wallet's balance) and instructions. */
export function NewOrderDelivery() {
  const translate = useTranslate();
  const slots = useSlots();
  const customerId = useWatch({ name: 'customerId' }) as string | null;
  const { data: customer } = useGetOne(
    'callers',
    { id: customerId! },
    { enabled: Boolean(customerId) },
  );
  const wallet = Number(customer?.wallet ?? 0);
  return (
    <>
      <SelectInput
        source="deliveryTime"
        label="app.orders.new_slot"
        choices={slots.map((s) => ({ id: s, name: s }))}
        helperText="app.orders.new_slot_help"
        emptyText=""
        fullWidth
      />
      <BooleanInput source="isEmergency" label="app.orders.new_emergency" />
      <RadioButtonGroupInput
        source="paymentMethod"
        label="app.orders.new_payment"
        choices={PAYMENT_METHODS.map((m) => ({ id: m, name: m }))}
        helperText={
          wallet > 0
            ? translate('app.orders.new_wallet_balance', { amount: formatRupees(wallet) })
            : false
        }
        validate={required()}
      />
      <TextInput
        source="specialInstruction"
        label="app.orders.new_instructions"
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}
