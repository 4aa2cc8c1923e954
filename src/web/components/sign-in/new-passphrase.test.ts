import { describe, expect, it } from 'vitest';
import { commonPassphraseMessages } from '../../../shared/rules/common-passphrases';
import { signInMessages } from '../../../shared/rules/sign-in';
import { NewPassphraseForm } from './new-passphrase';

/** The form's first problem with each field, as zodResolver shows them under the fields. */
async function problemsOf(passphrase: string, repeat = passphrase) {
  const result = await NewPassphraseForm.safeParseAsync({ passphrase, repeat });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the new passphrase form', () => {
  it.each([
    ['password1234', commonPassphraseMessages.common],
    ['qwertyuiop123', commonPassphraseMessages.common],
    ['iloveyou1234', commonPassphraseMessages.guessable],
  ])('refuses %s under the passphrase, in the server’s words', async (passphrase, message) => {
    expect(await problemsOf(passphrase)).toEqual({ passphrase: message });
  });

  it('says a short passphrase is short, not common', async () => {
    expect(await problemsOf('password')).toEqual({ passphrase: signInMessages.tooShort });
  });

  it('takes words of one’s own, typed twice alike', async () => {
    expect(await problemsOf('correct horse battery staple')).toEqual({});
    expect(await problemsOf('correct horse battery staple', 'correct horse battery')).toEqual({ repeat: 'Type the same passphrase twice' });
  });
});
