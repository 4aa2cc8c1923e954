import { commonPassphraseProblem } from '../../shared/rules/common-passphrases';
import { badRequest } from '../core/errors';

/**
 * The rest of a new passphrase's validation, which the contract cannot do: the check is asynchronous (its dictionaries
 * load at the first use) and the validator compiler is not. A 400 naming the field, as a too-short one is.
 */
export async function refuseCommonPassphrase(passphrase: string): Promise<void> {
  const problem = await commonPassphraseProblem(passphrase);
  if (problem) throw badRequest(`passphrase: ${problem}`);
}
