import { SimpleForm, TextInput } from 'react-admin';
import { numbersText, validateInterchange, type InterchangeFormValues } from './interchangeForm';

/** A group's name and its numbers, one a line. */
export const InterchangeForm = () => (
  <SimpleForm validate={(values) => validateInterchange(values as InterchangeFormValues)}>
    <TextInput source="name" label="Name" sx={{ maxWidth: 560 }} />
    <TextInput
      source="numbers"
      label="Part numbers (one a line)"
      multiline
      minRows={4}
      format={numbersText}
      parse={(v: string) => v.split('\n')}
      helperText="A search for any of these numbers finds the parts carrying the others. Dashes, spaces and case do not count."
      sx={{ maxWidth: 560, '& textarea': { fontFamily: 'monospace' } }}
    />
  </SimpleForm>
);
