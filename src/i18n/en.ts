import englishMessages from 'ra-language-english';
import { authMessages, BUSY } from './authMessages';
import { messages as adminsMessages } from '@resources/admins/messages';
import { messages as usersMessages } from '@resources/users/messages';
import { messages as subCategoriesMessages } from '@resources/subCategories/messages';
import { messages as productsMessages } from '@resources/products/messages';
import { messages as accessoriesMessages } from '@resources/accessories/messages';
import { messages as pricingMessages } from '@resources/pricing/messages';
import { messages as bannersMessages } from '@resources/banners/messages';
import { messages as plansMessages } from '@resources/plans/messages';
import { messages as pincodesMessages } from '@resources/pincodes/messages';
import { messages as deliverySettingsMessages } from '@resources/deliverySettings/messages';
import { messages as ordersMessages } from '@resources/orders/messages';
import { messages as assigningJobsMessages } from '@resources/assigningJobs/messages';
import { messages as ridersMessages } from '@resources/riders/messages';
import { messages as returnsMessages } from '@resources/returns/messages';
import { messages as accountsMessages } from '@resources/accounts/messages';
import { messages as returnablesMessages } from '@resources/returnables/messages';
import { messages as businessMessages } from '@resources/business/messages';
import { messages as supportsMessages } from '@resources/supports/messages';
import { messages as contentMessages } from '@resources/content/messages';
import { messages as ecommMessages } from '@resources/ecomm/messages';
import { messages as dashboardMessages } from '@resources/dashboard/messages';
import { messages as rosterMessages } from '@resources/roster/messages';
import { messages as holidaysMessages } from '@resources/holidays/messages';
// Issue 36: settlement files.
import { messages as settlementsMessages } from '@resources/settlements/messages';
import { messages as statementsMessages } from '@resources/statements/messages';
import { messages as reportsMessages } from '@resources/reports/messages';
import { messages as subscriptionsMessages } from '@resources/subscriptions/messages';
import { messages as duesMessages } from '@resources/dues/messages';

/**
 * The one catalogue of the panel's wording. `app.*` holds the spec's texts (with the corrections
 * listed in DESIGN.md); react-admin's own texts are overridden where the spec words them.
 */
export const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    navigation: {
      ...englishMessages.ra.navigation,
      no_results: 'No results found',
    },
    page: { ...englishMessages.ra.page, loading: 'Loading ...' },
    // The admin's menu says it as the sidebar and the top bar do.
    auth: { ...englishMessages.ra.auth, logout: 'Log Out' },
  },
  app: {
    busy: BUSY,
    adding: 'Adding ...',
    updating: 'Updating ...',
    editing: 'Editing ...',
    loading: 'Loading ...',
    no_results: 'No results found',
    website: 'Go to website',
    upload: {
      label: 'Image upload',
      progress: 'Uploading… %{percent}% (%{loaded} of %{total})',
      sent: 'Uploaded; the server is checking the images…',
    },
    auth: authMessages,
    list: {
      showing: 'Showing %{from} to %{to} out of %{total}',
      page_of: 'Page %{page} of %{pages}',
      per_page: 'Per Page',
      go_to_page: 'Go to page',
      previous: 'Previous',
      next: 'Next',
      invalid_page: 'Invalid page number',
      page_below_one: 'Page number should be greater than or equal to 1',
      search: 'Search',
      actions: 'Actions',
      select: 'Select %{name}',
      add: 'Add',
      view: 'View',
      edit: 'Edit',
      export: 'Export',
      exporting: 'Exporting…',
      exporting_size: 'Exporting… %{size}',
      export_failed: 'Failed to export the list. Please try again.',
      export_failed_because: 'Failed to export the list. %{reason}',
      filters: {
        label: 'Filters',
        all: 'All',
        clear: 'Clear filters',
        date: 'Date',
        any_time: 'Any time',
        today: 'Today',
        yesterday: 'Yesterday',
        this_week: 'This week',
        custom: 'Custom dates',
        from: 'From',
        to: 'To',
      },
    },
    not_allowed: {
      title: 'Not allowed',
      text: 'Your account does not have the permission for this screen. Ask the super-admin if you need it.',
    },
    // Issue 37: the top bar's menu on a phone, and an unknown address.
    layout: {
      dark_theme: 'Dark theme',
      light_theme: 'Light theme',
    },
    not_found: {
      title: 'Page not found',
      text: 'There is no screen at this address. It may have moved, or the link may be mistyped.',
      dashboard: 'Go to the dashboard',
    },
    admins: adminsMessages,
    users: usersMessages,
    subCategories: subCategoriesMessages,
    products: productsMessages,
    accessories: accessoriesMessages,
    pricing: pricingMessages,
    banners: bannersMessages,
    plans: plansMessages,
    pincodes: pincodesMessages,
    deliverySettings: deliverySettingsMessages,
    orders: ordersMessages,
    assigningJobs: assigningJobsMessages,
    riders: ridersMessages,
    returns: returnsMessages,
    // Issue 36: the customer view's Account tab.
    accounts: accountsMessages,
    returnables: returnablesMessages,
    business: businessMessages,
    supports: supportsMessages,
    content: contentMessages,
    ecomm: ecommMessages,
    dashboard: dashboardMessages,
    roster: rosterMessages,
    dues: duesMessages,
    holidays: holidaysMessages,
    settlements: settlementsMessages,
    statements: statementsMessages,
    reports: reportsMessages,
    subscriptions: subscriptionsMessages,
    categories: {
      title: 'Categories',
      add_title: 'Add Category',
      edit_title: 'Edit Category',
      view_title: 'Category Details',
      add_failed: 'Failed to add category. Please try again.',
      edit_failed: 'Failed to edit category. Please try again.',
    },
  },
  // The names react-admin's own components give fields (the phone lists' sort menus).
  resources: {
    orders: {
      fields: {
        createdAt: ordersMessages.date,
        orderId: ordersMessages.order_id,
        totalAmount: ordersMessages.amount,
        status: ordersMessages.status,
        pincode: ordersMessages.pin_code,
      },
    },
    users: {
      fields: {
        firstName: usersMessages.full_name,
        email: 'Email',
        wallet: usersMessages.wallet,
      },
    },
    pincodes: { fields: { number: pincodesMessages.number, pinType: pincodesMessages.pin_type } },
    ecomm: { fields: { brandName: ecommMessages.brand, noOfSolds: ecommMessages.sold } },
    returns: {
      fields: {
        requestedAt: returnsMessages.requested_at,
        returnedQuantity: returnsMessages.returned_quantity,
        status: returnsMessages.status,
      },
    },
  },
};
