import { CardContent, Stack } from '@mui/material';
import { styled } from '@mui/material/styles';
import { Form, Toolbar, type SimpleFormProps } from 'react-admin';

/**
 * react-admin's SimpleForm (one input per line in a card, then the toolbar) without the generic
 * 'The form is not valid' toast: each field already says what is wrong. SimpleForm would hand
 * `disableInvalidFormNotification` on to the DOM as well as to its Form, so the layout is its
 * own here, as SimpleForm lays it out.
 */
export function RecordForm({
  children,
  className,
  sx,
  toolbar = <Toolbar />,
  ...formProps
}: Omit<SimpleFormProps, 'component'>) {
  return (
    <Form disableInvalidFormNotification {...formProps}>
      <FormBody className={className} sx={sx}>
        <Stack sx={{ alignItems: 'flex-start' }}>{children}</Stack>
      </FormBody>
      {toolbar}
    </Form>
  );
}

/** SimpleForm's body: room for the toolbar that sticks to the bottom on phones. */
const FormBody = styled(CardContent, { name: 'RaSimpleForm' })(({ theme }) => ({
  [theme.breakpoints.down('sm')]: { paddingBottom: '5em' },
}));
