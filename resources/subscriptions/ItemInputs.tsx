import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { NumberInput, required, SelectInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { addDays } from '@shared/time';
import { formatDay } from '@/format';
import { collectsEmpties } from './fields';
import { ACCESSORY_PREFIX } from './formValues';
import { returnQuantityRule } from './validation';

/** The plan's end: start + duration − 1 (as the server sets it when none is sent). */
export const planEnd = (startDate: string, duration: number) => addDays(startDate, duration - 1);

/** Product (of that service) or plan (tiffin), and the service's accessories with quantities. */
export function ItemInputs({ serviceId, kind }: { serviceId?: string; kind?: string }) {
  const tiffin = kind === 'tiffin';
  return (
    <>
      {tiffin ? <PlanInput /> : <ProductInput serviceId={serviceId} />}
      {collectsEmpties(kind) && <AccessoryInputs serviceId={serviceId!} />}
      {collectsEmpties(kind) && (
        <NumberInput
          source="returnQuantity"
          label={
            kind === 'oxygen'
              ? 'app.subscriptions.return_quantity_oxygen'
              : 'app.subscriptions.return_quantity'
          }
          validate={returnQuantityRule}
          step={1}
        />
      )}
    </>
  );
}

function ProductInput({ serviceId }: { serviceId?: string }) {
  const { data = [], isPending } = useGetList(
    'products',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { searchId: serviceId },
    },
    { enabled: Boolean(serviceId) },
  );
  return (
    <SelectInput
      source="productId"
      label="app.subscriptions.product"
      choices={data.map((p) => ({ id: String(p.id), name: String(p.name) }))}
      isPending={Boolean(serviceId) && isPending}
      disabled={!serviceId}
      validate={required('app.subscriptions.item_required')}
      sx={{ minWidth: 260 }}
    />
  );
}

/** The tiffin plans; choosing one (or moving the start) sets the end to the plan's last day. */
function PlanInput() {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('plans', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [planId, startDate] = useWatch({ name: ['planId', 'startDate'] }) as [string, string];
  const plan = data.find((p) => String(p.id) === planId);
  const duration = Number(plan?.duration ?? 0);
  const key = `${planId}|${startDate}|${duration}`;
  const { getValues, setValue } = useFormContext();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!planId || !startDate || !duration || seen.current === key) return;
    const first = seen.current === null;
    seen.current = key;
    // A subscription opened for editing keeps its end until its plan or start changes.
    if (first && getValues('endDate')) return;
    setValue('endDate', planEnd(startDate, duration), { shouldDirty: true });
  }, [key, planId, startDate, duration, getValues, setValue]);
  return (
    <>
      <SelectInput
        source="planId"
        label="app.subscriptions.plan"
        choices={data.map((p) => ({
          id: String(p.id),
          name: `${p.name} (${p.duration} days)`,
        }))}
        isPending={isPending}
        validate={required('app.subscriptions.item_required')}
        sx={{ minWidth: 260 }}
      />
      {plan && startDate && duration > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.subscriptions.plan_end_help', {
            days: duration,
            day: formatDay(planEnd(startDate, duration)),
          })}
        </Typography>
      )}
    </>
  );
}

/**
 * Where the form keeps an accessory's quantity; the prefix keeps an all-digit id from reading
 * as an array index.
 */
export const accessorySource = (id: string) => `accessoryQty.${ACCESSORY_PREFIX}${id}`;

/** Each accessory of the service with a quantity (0: none). */
function AccessoryInputs({ serviceId }: { serviceId: string }) {
  const translate = useTranslate();
  const { data = [] } = useGetList(
    'accessories',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { categoryId: serviceId },
    },
    { enabled: Boolean(serviceId) },
  );
  if (!data.length) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('app.subscriptions.accessories')}
      </Typography>
      {data.map((a) => (
        <NumberInput
          key={a.id}
          source={accessorySource(String(a.id))}
          label={translate('app.subscriptions.accessory_quantity', { name: a.name })}
          validate={returnQuantityRule}
          step={1}
        />
      ))}
    </>
  );
}
