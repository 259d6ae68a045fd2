import { credit_notesMessages } from './creditNotesMessages';
import { emergencyMessages } from './emergencyMessages';
import { gstr1Messages } from './gstr1Messages';
import { registerMessages } from './registerMessages';
import { salesMessages } from './salesMessages';

/** Wording of Reports (issue 38), merged into the catalogue as `app.reports.*`; each tab its own. */
export const messages = {
  title: 'Reports',
  tabs: {
    sales: 'Sales',
    gstr1: 'GSTR-1',
    register: 'Sales register',
    credit_notes: 'Credit notes',
    emergencies: 'Emergencies',
  },
  sales: salesMessages,
  gstr1: gstr1Messages,
  register: registerMessages,
  credit_notes: credit_notesMessages,
  emergencies: emergencyMessages,
};
