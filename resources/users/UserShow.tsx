import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PhoneIcon from '@mui/icons-material/Phone';
import { Avatar, Box, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { activeTone, StatusChip } from '@/components/StatusChip';
import { Labeled, useCanAccess, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { LabeledText as Field } from '@/components/LabeledText';
import { RecordCard } from '@/records/RecordCard';
import { EditLinkButton, RecordShowBase } from '@/records/RecordShow';
import { formatDay, formatRupees, imageUrl } from '@/format';
import { CustomerAccount } from '../accounts/CustomerAccount';
import { CustomerOrders } from '../orders/CustomerOrders';
import { NewOrderButton } from '../orders/NewOrderButton';
import { CustomerReturnables } from '../returnables/CustomerReturnables';
import { CustomerSubscriptions } from '../subscriptions/CustomerSubscriptions';
import { CustomerNotes } from './CustomerNotes';
import { formatPhone, fullName, initials } from '@/names';

function Verified({ value }: { value: unknown }) {
  const translate = useTranslate();
  return (
    <span>
      {value ? (
        <Chip
          size="small"
          color="success"
          icon={<CheckCircleIcon />}
          label={translate('app.users.yes')}
        />
      ) : (
        <Chip
          size="small"
          variant="outlined"
          icon={<CancelIcon />}
          label={translate('app.users.no')}
        />
      )}
    </span>
  );
}

/** /admin-panel/user/view/{id}: read-only, with a photo or an initials avatar. */
export function UserShow() {
  return (
    <RecordShowBase resource="users">
      <UserShowContent />
    </RecordShowBase>
  );
}

/** The view's tabs, kept in the address (`?tab=returnables`) so that a link can open one. */
const TABS = ['details', 'account', 'returnables', 'subscriptions', 'orders', 'notes'] as const;
type UserTab = (typeof TABS)[number];

/** Each tab's label; the account, subscriptions and orders tabs need Orders Management. */
const TAB_LABELS: Record<UserTab, string> = {
  details: 'app.users.details_tab',
  account: 'app.accounts.tab',
  returnables: 'app.users.returnables_tab',
  subscriptions: 'app.subscriptions.customer_tab',
  orders: 'app.subscriptions.orders_tab',
  notes: 'app.users.notes_tab',
};

function UserShowContent() {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>()!;
  const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
  const { canAccess: canSeeOrders } = useCanAccess({ resource: 'subscriptions', action: 'list' });
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter(
    (t) => canSeeOrders || (t !== 'account' && t !== 'subscriptions' && t !== 'orders'),
  );
  const asked = params.get('tab') as UserTab | null;
  const tab: UserTab = asked && tabs.includes(asked) ? asked : 'details';
  const name = fullName(record);
  return (
    <RecordCard
      title={translate('app.users.view_title')}
      content
      maxWidth={tab === 'details' ? 720 : 1100}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <NewOrderButton userId={String(record.id)} />
          {canEdit && <EditLinkButton to={`/user/edit/${record.id}`} />}
        </Stack>
      }
      heading={
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Avatar
            src={imageUrl(record.imageUrl)}
            alt={name}
            sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}
          >
            {initials(record)}
          </Avatar>
          <div>
            <Typography variant="h5" component="h1">
              {name}
            </Typography>
            <StatusChip tone={activeTone(record.status)} label={record.status} />
          </div>
        </Stack>
      }
    >
      <Tabs
        value={tab}
        onChange={(_e, next: UserTab) =>
          setParams(next === 'details' ? {} : { tab: next }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            id={`user-tab-${value}`}
            aria-controls={`user-tabpanel-${value}`}
            label={translate(TAB_LABELS[value])}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`user-tabpanel-${tab}`} aria-labelledby={`user-tab-${tab}`}>
        {tab === 'details' && <UserDetails record={record} />}
        {tab === 'account' && <CustomerAccount userId={String(record.id)} />}
        {tab === 'returnables' && <CustomerReturnables userId={String(record.id)} />}
        {tab === 'subscriptions' && <CustomerSubscriptions userId={String(record.id)} />}
        {tab === 'orders' && <CustomerOrders userId={String(record.id)} />}
        {tab === 'notes' && <CustomerNotes userId={String(record.id)} />}
      </Box>
    </RecordCard>
  );
}

/** The phone number as a tap-to-call link (`tel:+91...`), so a phone dials it. */
function PhoneLink({ phone }: { phone: unknown }) {
  const translate = useTranslate();
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const shown = formatPhone(phone);
  const dial = digits.length === 10 ? `+91${digits}` : `+${digits}`;
  return (
    <Link
      href={`tel:${dial}`}
      aria-label={translate('app.users.call', { phone: shown })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <PhoneIcon fontSize="small" aria-hidden />
      {shown}
    </Link>
  );
}

/** The customer's own fields: the first tab. */
function UserDetails({ record }: { record: RaRecord }) {
  const addresses = (record.addresses ?? []) as { _id: string; fullAddress: string }[];
  return (
    <Stack spacing={2}>
      <Field label="app.users.family_id">{String(record.id)}</Field>
      <Field label="app.users.first_name">{record.firstName}</Field>
      <Field label="app.users.last_name">{record.lastName}</Field>
      <Field label="Email">{record.email}</Field>
      <Field label="app.users.phone">
        <PhoneLink phone={record.phone} />
      </Field>
      <Labeled label="app.users.email_verified">
        <Verified value={record.isEmailVerified} />
      </Labeled>
      <Labeled label="app.users.phone_verified">
        <Verified value={record.isPhoneVerified} />
      </Labeled>
      {record.gstin && (
        <>
          <Field label="app.users.gstin">{record.gstin}</Field>
          <Field label="app.users.legal_name">{record.legalName}</Field>
        </>
      )}
      <Field label="app.users.wallet">{formatRupees(record.wallet)}</Field>
      <Field label="Created At">{formatDay(record.createdAt)}</Field>
      {addresses.length > 0 && <Field label="app.users.address">{addresses[0]!.fullAddress}</Field>}
    </Stack>
  );
}
