import type { Provider } from '../../shared/contracts/appointments';
import { providerLabel } from '../../shared/rules/providers';

/**
 * A providerId form field as a select's choices (Schedule New and the quick dialog): the patient's providers by
 * their label, the id as the option's value, and 0 (no provider yet) as no option, which shows the placeholder.
 */
export const providerSelect = (providers: readonly Provider[]) => ({
  options: providers.map((provider) => ({ value: String(provider.id), label: providerLabel(provider) })),
  toOption: (providerId: number) => (providerId ? String(providerId) : ''),
  fromOption: Number,
});
