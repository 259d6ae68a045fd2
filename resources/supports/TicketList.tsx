import { Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, Link, useTranslate, type RaRecord } from 'react-admin';
import { SUPPORT_TYPES } from '@shared/support';
import { TicketStatusChip } from '@/components/TicketStatusChip';
import { formatDateTime } from '@/format';
import { DateRangeFilter } from '@/lists/filters/DateRangeFilter';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { formatPhone } from '@/names';
import { ageOf, ticketCustomer, ticketTypeName, whenOf } from './ticketFields';

/** Kept in the address: `?status=unresolved&type=3&date=week`; `date` stands for `from`/`to`. */
const TICKET_FILTERS = ['status', 'type', 'date', 'from', 'to'] as const;

const ticketPath = (r: RaRecord) => `/support/view-support/${r.id}`;

/** The latest reply: how long ago and by whom, or that none was written. */
function LastReply({ ticket }: { ticket: RaRecord }) {
  const translate = useTranslate();
  if (!ticket.lastReplyAt) return <>{translate('app.supports.no_reply_yet')}</>;
  const when = whenOf(ticket.lastReplyAt, translate);
  return (
    <span title={formatDateTime(ticket.lastReplyAt)}>
      {ticket.lastReplyBy
        ? translate('app.supports.reply_by', { when, name: ticket.lastReplyBy })
        : when}
    </span>
  );
}

/** The customer's name (a link to the customer) and phone. */
function CustomerCell({ ticket }: { ticket: RaRecord }) {
  const translate = useTranslate();
  const { name, phone, id } = ticketCustomer(ticket);
  return (
    <Stack>
      {id ? (
        <Link
          to={`/user/view/${id}`}
          aria-label={translate('app.supports.open_customer', { name })}
        >
          {name}
        </Link>
      ) : (
        name
      )}
      <Typography variant="body2" color="text.secondary">
        {formatPhone(phone)}
      </Typography>
    </Stack>
  );
}

/** Status, type and the days the ticket was raised on. */
function TicketFilters() {
  const translate = useTranslate();
  return (
    <FilterBar keys={TICKET_FILTERS}>
      <SelectFilter
        source="status"
        label="app.supports.status"
        choices={['unresolved', 'resolved'].map((id) => ({
          id,
          name: translate(`app.supports.${id}`),
        }))}
      />
      <SelectFilter
        source="type"
        label="app.supports.type"
        choices={SUPPORT_TYPES.map((_name, code) => ({
          id: String(code),
          name: translate(`app.supports.types.${code}`),
        }))}
        width={220}
      />
      <DateRangeFilter />
    </FilterBar>
  );
}

/**
 * /admin-panel/support/tickets/{page}: one row per ticket, newest first (GET support/tickets,
 * issue 37), beside the spec's Help list of customers; searched by the customer's name, phone
 * or e-mail, filtered by status, type and days.
 */
export function TicketList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  const subject = (r: RaRecord) => ticketTypeName(r, translate);
  return (
    <PathPagedList
      resource="supports"
      storeKey="supports.tickets"
      meta={{ list: 'tickets' }}
      title={translate('app.supports.tickets_list_title')}
      search
      exportable
      // The list has one order (newest first): no sort is sent.
      sort={{ field: '', order: 'DESC' }}
      queryKeys={TICKET_FILTERS}
      filters={<TicketFilters />}
      emptyText={translate('app.supports.no_tickets_found')}
    >
      {phone ? (
        <PhoneList
          name={subject}
          badge={(r) => <TicketStatusChip status={r.status} />}
          lines={(r) => {
            const { name, phone: number } = ticketCustomer(r);
            return [
              [name, formatPhone(number)].filter(Boolean).join(' · '),
              `${translate('app.supports.age')}: ${ageOf(r.createdAt, translate)}`,
              <LastReply key="reply" ticket={r} />,
            ];
          }}
          to={ticketPath}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.supports.subject"
            sortable={false}
            render={(r) => <Link to={ticketPath(r)}>{subject(r)}</Link>}
          />
          <FunctionField
            label="app.supports.customer"
            sortable={false}
            render={(r) => <CustomerCell ticket={r} />}
          />
          <FunctionField
            label="app.supports.age"
            sortable={false}
            render={(r) => (
              <span title={formatDateTime(r.createdAt)}>{ageOf(r.createdAt, translate)}</span>
            )}
          />
          <FunctionField
            label="app.supports.status"
            sortable={false}
            render={(r) => <TicketStatusChip status={r.status} />}
          />
          <FunctionField
            label="app.supports.last_reply"
            sortable={false}
            render={(r) => <LastReply ticket={r} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
