import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin';

/** What both themes share: the spec's sidebar (280px open, 0px closed) and the layout fixes. */
const components: RaThemeOptions['components'] = {
  // minWidth 0: the content never grows past the screen to fit a wide table; the table
  // scrolls inside its card instead (a phone stays 390 px wide, the top bar with it).
  RaLayout: {
    styleOverrides: {
      root: {
        // react-admin lets the layout grow to fit its content ('fit-content').
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
        '& .RaLayout-content': { padding: 16, minWidth: 0 },
      },
    },
  },
  // A checkbox's aria-label names its input. MUI puts it on the span around the input, where it
  // names nothing (axe: an unlabelled input, and a label a span may not carry); react-admin's
  // row checkboxes ('Select this row') pass it so. `inputProps` given the old way still apply.
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: { 'aria-label': undefined },
        input: (ownerState: { 'aria-label'?: string; inputProps?: object }) => ({
          ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
          ...ownerState.inputProps,
        }),
      },
    },
  },
  // The entry of the current page stands out (react-admin only darkens its text).
  RaMenuItemLink: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        '&.RaMenuItemLink-active': {
          backgroundColor: theme.palette.action.selected,
          fontWeight: 600,
          boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
        },
      }),
    },
  },
};

// Status chips keep white text on these in both themes: darker than MUI's defaults so that
// 'Pending' and 'Out for Delivery' meet WCAG AA (4.5:1).
const chipColours = { warning: { main: '#b45309' }, info: { main: '#0369a1' } };

/** react-admin's default light theme in the brand's blue. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    ...chipColours,
  },
  sidebar: { width: 280, closedWidth: 0 },
  components: { ...defaultTheme.components, ...components },
};

/**
 * react-admin's default dark theme with a light blue that reads on dark surfaces (AA for links
 * and outlined buttons); chosen with the top bar's toggle and remembered by the browser
 * (react-admin's store).
 */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    secondary: { main: '#64b5f6' },
    ...chipColours,
  },
  sidebar: { width: 280, closedWidth: 0 },
  components: { ...defaultDarkTheme.components, ...components },
};

/** Widths at or below this count as mobile: the sidebar starts closed. */
export const MOBILE_MAX_WIDTH = 768;
