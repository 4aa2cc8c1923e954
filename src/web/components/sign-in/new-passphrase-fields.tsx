import type { Control, FieldPath } from 'react-hook-form';
import { TextFormField } from '../ui/text-form-field';
import type { NewPassphraseValues } from './new-passphrase';

/** What the passphrase fields say under the first one. */
const PASSPHRASE_HINT = 'At least 12 characters: a few words you will remember work well.';

interface NewPassphraseFieldsProps<Values extends NewPassphraseValues> {
  control: Control<Values>;
  /** The second field's label: 'Repeat the passphrase' where nothing is set yet, 'Repeat the new passphrase' to change one. */
  repeatLabel?: string;
}

/** A passphrase being set, typed twice: the fields of "Protect your record", the setup screen and Settings → Security. */
export function NewPassphraseFields<Values extends NewPassphraseValues>({ control, repeatLabel = 'Repeat the passphrase' }: NewPassphraseFieldsProps<Values>) {
  return (
    <>
      {/* The account's name lets a password manager file the new passphrase under this site. */}
      <input type="text" name="username" autoComplete="username" value="HealthAssist" readOnly hidden />
      <TextFormField
        control={control}
        name={'passphrase' as FieldPath<Values>}
        label="New passphrase"
        description={PASSPHRASE_HINT}
        input={{ type: 'password', autoComplete: 'new-password' }}
      />
      <TextFormField control={control} name={'repeat' as FieldPath<Values>} label={repeatLabel} input={{ type: 'password', autoComplete: 'new-password' }} />
    </>
  );
}
