import { createContext } from 'react';

/**
 * Whether the layout opens the live alert stream: on in the panel (AdminShell provides it), off
 * where the layout is rendered on its own (the component tests of other screens), so that no
 * stream is opened behind their backs.
 */
export const LiveAlertsEnabled = createContext(false);
