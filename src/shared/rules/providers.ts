/** The specialties the Add New Provider dialog offers (issue 11); the database CHECK uses the same list. */
export const PROVIDER_SPECIALTIES = [
  'Primary Care',
  'Dentistry',
  'Optometry',
  'Gastroenterology',
  'Internal Medicine',
  'Family Medicine',
  'Other',
] as const;
export type ProviderSpecialty = (typeof PROVIDER_SPECIALTIES)[number];

/**
 * The specialty that provides a care item or service, from its name (part 2 §5 (docs/product.md#part-2-5)): dental or teeth → Dentistry,
 * eye or vision → Optometry, anything else → Primary Care.
 */
export function specialtyForCare(careName: string): ProviderSpecialty {
  const name = careName.toLowerCase();
  if (name.includes('dental') || name.includes('teeth')) return 'Dentistry';
  if (name.includes('eye') || name.includes('vision')) return 'Optometry';
  return 'Primary Care';
}

/** The first provider of that specialty, to preselect in a scheduling form; undefined when there is none. */
export function providerForCare<P extends { specialty: string | null }>(providers: readonly P[], careName: string): P | undefined {
  const specialty = specialtyForCare(careName);
  return providers.find((provider) => provider.specialty === specialty);
}

/** How a provider reads in a list to choose from: 'Dr. James Patel (Optometry)', or the name alone. */
export function providerLabel(provider: { name: string; specialty: string | null }): string {
  return provider.specialty ? `${provider.name} (${provider.specialty})` : provider.name;
}
