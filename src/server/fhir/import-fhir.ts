import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_TYPES, FILENAME_MAX_LENGTH, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { categoryForCare } from '../../shared/rules/care';
import { PLAN_TYPES, type PlanType } from '../../shared/rules/insurance';
import { PROVIDER_SPECIALTIES } from '../../shared/rules/providers';
import { CARE_CATEGORIES, type AppointmentStatus } from '../../shared/rules/statuses';
import { describeActivity } from '../../shared/rules/activities';
import { isScreening } from '../../shared/rules/screenings';
import type { Coding, SourceIdentifier } from '../../shared/rules/codes';
import type { FhirBundle, FhirImportResult } from '../../shared/contracts/fhir';
import type { Database } from '../db/client';
import { storeDocumentChunks, toChunks } from '../db/document-bytes';
import { activities, appointments, insuranceBenefits, insurancePlans, medicalRecords, preventativeCare, providers, users } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import { conflict } from '../core/errors';
import { knownTimeZone } from '../../shared/rules/patient';
import { EXTENSION } from './resources';
import {
  calendarDayOf,
  ENTERED_IN_ERROR,
  FhirAppointment,
  FhirCoverage,
  FhirDocumentReference,
  FhirPatient,
  FhirPractitioner,
  FhirProcedure,
  FhirServiceRequest,
  hasCoding,
  wordsOf,
} from './fhir-input';
import { alreadyThere, imported, type Outcome, read, type Resource, Skip, skipped, Tally } from './import-outcome';
import { codesOf } from './health-list-values';
import { identifiersOf } from './source-identifiers';
import { KnownRecord } from './known-record';
import { isSomeoneElse, personOfBundle, someoneElseMessage } from './patient-identity';
import { HealthListImport } from './import-health-lists';
import { MedicationImport } from './import-medications';
import { ObservationImport } from './import-observations';
import { dollars, EXTENSIONS, fits, timeOf } from './import-values';

// A FHIR R4 Bundle from another record, as much of it as maps onto HealthAssist's (ADR 18): added to the patient's
// record in one transaction, and every resource counted as imported or skipped, with why. Nothing is dropped silently.

export const NO_PATIENT_YET = 'There is no patient yet: complete onboarding or restore a backup first, then import';

const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';
const COVERAGE_CLASS = 'http://terminology.hl7.org/CodeSystem/coverage-class';
const US_CORE_BIRTH_SEX = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex';
/** The profile's medications text is at most this long (the profile's contract). */
const PROFILE_LIST_MAX = 2000;
/**
 * Practitioners before appointments and medications, which name them; care requests before the procedures that
 * complete them; medications before their doses, and both before the Medications they name are counted.
 */
const ORDER = ['Patient', 'Practitioner', 'Coverage', 'ServiceRequest', 'MedicationStatement', 'MedicationRequest', 'MedicationAdministration', 'Medication'];

export interface FhirImportOptions {
  /** The patient says the Bundle is theirs although it names someone else: imported, the record keeps its name. */
  asPatient?: boolean;
}

export async function importFhirBundle(db: Database, patient: Patient, bundle: FhirBundle, { asPatient = false }: FhirImportOptions = {}): Promise<FhirImportResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, patient.id));
    if (!user) throw conflict(NO_PATIENT_YET);
    // Issue 34: a Bundle about someone else is refused before anything is written, unless the patient says it is theirs.
    const person = personOfBundle(bundle);
    const someoneElse = person !== null && isSomeoneElse(user, person);
    if (someoneElse && !asPatient) throw conflict(someoneElseMessage(user, person));
    const timeZone = knownTimeZone(user.timeZone) ?? 'UTC';
    const tally = new Tally();
    const practitioners = new Map<string, number>();
    const careRequests = new Map<string, number>();
    /**
     * A row by each reference the Bundle's other resources can name its resource with: its fullUrl, Type/id, and a
     * conditional reference by each of its identifiers (Synthea names a prescriber `Practitioner?identifier=<NPI>`).
     */
    const remember = (into: Map<string, number>, resource: Resource, fullUrl: string | undefined, id: number) => {
      if (fullUrl) into.set(fullUrl, id);
      if (typeof resource.id === 'string') into.set(`${resource.resourceType}/${resource.id}`, id);
      for (const { system, value } of identifiersOf(resource, undefined)) into.set(`${resource.resourceType}?identifier=${system === undefined ? '' : `${system}|`}${value}`, id);
    };
    // The profile's free text beside the medication list (issue 32); conditions and allergies are lists of their own (issue 34).
    const lists = { medications: user.medications ?? '' };
    let patientRead = false;
    let primaryTaken = (await tx.select({ id: insurancePlans.id }).from(insurancePlans).where(and(ownRows(insurancePlans, patient), eq(insurancePlans.isPrimary, true)))).length > 0;

    const rank = (type: string) => (ORDER.includes(type) ? ORDER.indexOf(type) : ORDER.length);
    // Each entry with its place in the Bundle; one without a resource (a link, a search outcome) is only counted.
    const held = bundle.entry.flatMap(({ resource, fullUrl }, index) => (resource ? [{ resource, fullUrl, index }] : []));
    const withoutResource = bundle.entry.length - held.length;
    const entries = [...held].sort((a, b) => rank(a.resource.resourceType) - rank(b.resource.resourceType) || a.index - b.index);
    const medicationImport = new MedicationImport(tx, patient, knownTimeZone(user.timeZone), practitioners, held);
    await medicationImport.load();
    const healthLists = new HealthListImport(tx, patient);
    await healthLists.load();
    const observationImport = new ObservationImport(tx, patient, timeZone, held);
    await observationImport.load();
    const known = await KnownRecord.load(tx, patient);

    /** Adds the lines of `words` to one of the profile's lists, but those there already, unless the list is full. */
    const addToList = (list: keyof typeof lists, words: string | null): Outcome => {
      if (!words) return skipped('says nothing in words (a bare code)');
      const lines = lists[list].split('\n').map((line) => line.trim().toLowerCase());
      const added = words.split('\n').filter((line) => line.trim() !== '' && !lines.includes(line.trim().toLowerCase()));
      if (added.length === 0) return skipped('already in the profile');
      const next = lists[list] ? `${lists[list]}\n${added.join('\n')}` : added.join('\n');
      if (next.length > PROFILE_LIST_MAX) return skipped(`the profile's list would pass ${PROFILE_LIST_MAX.toLocaleString('en-US')} characters`);
      lists[list] = next;
      return imported;
    };

    const handlers: Record<string, (resource: Resource, fullUrl: string | undefined, index: number) => Promise<Outcome>> = {
      Patient: async (resource) => {
        const found = read(FhirPatient, resource);
        if (found instanceof Skip) return found;
        if (patientRead) return skipped('a second patient: HealthAssist holds one');
        patientRead = true;
        if (someoneElse) return skipped('is about another name or birth date: the record keeps its own, as the patient asked');
        const name = found.name?.find((each) => each.use === 'official') ?? found.name?.[0];
        const firstName = name?.given?.join(' ').trim() || null;
        const lastName = name?.family?.trim() || null;
        const displayName = name?.text?.trim() || [firstName, lastName].filter(Boolean).join(' ');
        const phone = found.telecom?.find((point) => point.system === 'phone')?.value?.trim();
        const birthSex = found.extension?.find((extension) => extension.url === US_CORE_BIRTH_SEX)?.valueCode;
        const changes = {
          ...(fits(displayName, 200) ? { displayName } : {}),
          ...(firstName && firstName.length <= 200 ? { firstName } : {}),
          ...(lastName && lastName.length <= 200 ? { lastName } : {}),
          ...(calendarDayOf(found.birthDate) ? { dateOfBirth: calendarDayOf(found.birthDate) } : {}),
          ...(fits(phone, 40) ? { phoneNumber: phone } : {}),
          ...(birthSex === 'F' ? { sexAtBirth: 'female' as const } : birthSex === 'M' ? { sexAtBirth: 'male' as const } : {}),
          ...deceasedOf(found),
          // A first import of the patient's own record completes onboarding: the wizard's questions are answered.
          ...(user.onboardedAt === null ? { onboardedAt: new Date() } : {}),
        };
        if (Object.keys(changes).length === 0) return skipped('holds no name, birth date, phone or sex at birth to read');
        const current: Record<string, unknown> = user;
        if (Object.entries(changes).every(([field, value]) => current[field] === value)) return alreadyThere;
        await tx.update(users).set(changes).where(eq(users.id, patient.id));
        return imported;
      },
      Practitioner: async (resource, fullUrl) => {
        const found = read(FhirPractitioner, resource);
        if (found instanceof Skip) return found;
        const name = found.name?.[0];
        const words = name?.text?.trim() || [...(name?.prefix ?? []), ...(name?.given ?? []), name?.family ?? ''].join(' ').trim();
        if (!fits(words, 200)) return skipped('has no name of at most 200 characters');
        const address = found.address?.[0];
        const addressWords = address?.text?.trim() || [...(address?.line ?? []), address?.city, address?.state, address?.postalCode].filter(Boolean).join(', ');
        const phone = found.telecom?.find((point) => point.system === 'phone')?.value?.trim();
        const qualification = found.qualification?.map((each) => wordsOf(each.code)?.toLowerCase());
        const specialty = PROVIDER_SPECIALTIES.find((each) => qualification?.includes(each.toLowerCase())) ?? null;
        const identifiers = identifiersOf(resource, fullUrl);
        const existing = known.provider(words, identifiers);
        if (existing !== undefined) {
          remember(practitioners, resource, fullUrl, existing);
          return alreadyThere;
        }
        const [row] = await tx
          .insert(providers)
          .values({ userId: patient.id, name: words, specialty, phone: fits(phone, 40) ? phone : null, address: fits(addressWords, 500) ? addressWords : null, identifiers })
          .returning({ id: providers.id });
        remember(practitioners, resource, fullUrl, row!.id);
        known.addProvider(words, identifiers, row!.id);
        return imported;
      },
      Coverage: async (resource) => {
        const found = read(FhirCoverage, resource);
        if (found instanceof Skip) return found;
        if (found.status === 'cancelled' || found.status === ENTERED_IN_ERROR) return skipped(`is ${found.status}`);
        const provider = found.payor?.find((payor) => payor.display?.trim())?.display?.trim();
        if (!fits(provider, 200)) return skipped('names no payer in words');
        const memberId = (found.subscriberId ?? found.identifier?.find((identifier) => identifier.value?.trim())?.value)?.trim();
        if (!fits(memberId, 100)) return skipped('has no member id');
        const effectiveDate = calendarDayOf(found.period?.start);
        if (!effectiveDate) return skipped('has no start date');
        if (known.hasPlan(provider, memberId)) return alreadyThere;
        known.addPlan(provider, memberId);
        const group = found.class?.find((each) => hasCoding(each.type, COVERAGE_CLASS, 'group'))?.value?.trim();
        const typeWords = [found.type?.text, ...(found.type?.coding ?? []).map((coding) => coding.code)].map((word) => word?.trim().toLowerCase());
        const planType: PlanType = PLAN_TYPES.find((each) => typeWords.includes(each.toLowerCase())) ?? 'Other';
        const amount = (code: string) => dollars(found.costToBeneficiary?.find((cost) => hasCoding(cost.type, COPAY_TYPE, code))?.valueMoney?.value);
        const met = (url: string) => dollars(found.extension?.find((extension) => extension.url === url)?.valueMoney?.value);
        const [deductible, outOfPocketMax] = [amount('deductible'), amount('maxoutofpocket')];
        const isPrimary = found.order === 1 && !primaryTaken;
        primaryTaken ||= isPrimary;
        const [plan] = await tx
          .insert(insurancePlans)
          .values({
            userId: patient.id,
            provider,
            memberId,
            groupNumber: fits(group, 100) ? group : null,
            planType,
            effectiveDate,
            deductible,
            deductibleMet: Math.min(met(EXTENSION.deductibleMet), deductible),
            outOfPocketMax,
            outOfPocketMet: Math.min(met(EXTENSION.outOfPocketMet), outOfPocketMax),
            isPrimary,
            codes: codesOf(found.type),
          })
          .returning({ id: insurancePlans.id });
        for (const benefit of found.extension?.filter((extension) => extension.url === EXTENSION.benefit) ?? []) {
          const part = (url: string) => benefit.extension?.find((each) => each.url === url)?.valueString?.trim();
          const [serviceName, inNetwork, outOfNetwork] = [part('service'), part('inNetwork'), part('outOfNetwork')];
          if (fits(serviceName, 200) && fits(inNetwork, 200) && fits(outOfNetwork, 200)) {
            await tx.insert(insuranceBenefits).values({ insuranceId: plan!.id, serviceName, inNetworkCoverage: inNetwork, outOfNetworkCoverage: outOfNetwork });
          }
        }
        return imported;
      },
      Appointment: async (resource) => {
        const found = read(FhirAppointment, resource);
        if (found instanceof Skip) return found;
        const status: AppointmentStatus | null = ['proposed', 'pending', 'booked', 'arrived', 'checked-in', 'waitlist'].includes(found.status)
          ? 'scheduled'
          : found.status === 'fulfilled'
            ? 'completed'
            : ['cancelled', 'noshow'].includes(found.status)
              ? 'cancelled'
              : null;
        if (!status) return skipped(`has the status ${found.status}`);
        const providerId = found.participant?.map((each) => practitioners.get(each.actor?.reference ?? '')).find((id) => id !== undefined);
        if (providerId === undefined) return skipped('names no practitioner of the Bundle (HealthAssist keeps an appointment with a provider)');
        const when = timeOf(found.start, timeZone);
        if (!when) return skipped('has no start');
        const appointmentType = (wordsOf(found.appointmentType) ?? wordsOf(found.serviceType?.[0]) ?? found.description?.trim() ?? 'Appointment').slice(0, 200);
        if (known.hasAppointment(providerId, when.date, appointmentType)) return alreadyThere;
        known.addAppointment(providerId, when.date, appointmentType);
        await tx.insert(appointments).values({
          userId: patient.id,
          providerId,
          appointmentType,
          appointmentDate: when.date,
          appointmentTime: when.time,
          status,
          notes: fits(found.comment, 2000) ? found.comment : null,
          // The codes of its type (HL7's v2 0276: a check-up, a walk-in); a service type's are not kept.
          codes: codesOf(found.appointmentType),
        });
        return imported;
      },
      DocumentReference: async (resource, _fullUrl, index) => {
        const found = read(FhirDocumentReference, resource);
        if (found instanceof Skip) return found;
        if (found.status === ENTERED_IN_ERROR) return skipped(`is ${ENTERED_IN_ERROR}`);
        const attachment = found.content.map((content) => content.attachment).find((each) => each.data);
        if (!attachment?.data) return skipped('links to its document instead of holding it');
        const type = DOCUMENT_TYPES.find((each) => each === attachment.contentType);
        if (!type) return skipped('is not a PDF, JPEG or PNG');
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(attachment.data) || attachment.data.length % 4 !== 0) return skipped('its data is not base64');
        const bytes = Buffer.from(attachment.data, 'base64');
        if (bytes.length === 0) return skipped('its document is empty');
        if (bytes.length > MAX_DOCUMENT_BYTES) return skipped('its document is larger than 20 MiB');
        if ((await fileTypeFromBuffer(bytes.subarray(0, 4100)))?.mime !== type) return skipped('its bytes are not the type it names');
        const title = attachment.title?.trim();
        const filename = fits(title, FILENAME_MAX_LENGTH) ? title : `document-${index + 1}.${EXTENSIONS[type]}`;
        if (known.hasDocument(filename, bytes.length)) return alreadyThere;
        known.addDocument(filename, bytes.length);
        const uploaded = found.date && !Number.isNaN(Date.parse(found.date)) && /T/.test(found.date) ? new Date(found.date) : new Date();
        const [record] = await tx
          .insert(medicalRecords)
          .values({ userId: patient.id, filename, fileType: type, fileSize: bytes.length, uploadDate: uploaded, description: fits(found.description, 1000) ? found.description : null })
          .returning({ id: medicalRecords.id });
        await storeDocumentChunks(db, tx, record!.id, toChunks(bytes));
        return imported;
      },
      ServiceRequest: async (resource, fullUrl) => {
        const found = read(FhirServiceRequest, resource);
        if (found instanceof Skip) return found;
        if (!['active', 'completed', 'draft', 'on-hold'].includes(found.status)) return skipped(`has the status ${found.status}`);
        const name = wordsOf(found.code);
        if (!fits(name, 200)) return skipped('names nothing in words (a bare code)');
        const dueDate = calendarDayOf(found.occurrenceDateTime ?? found.occurrenceTiming?.event?.[0] ?? found.occurrencePeriod?.start);
        if (!dueDate) return skipped('has no date it is due');
        const repeat = found.occurrenceTiming?.repeat;
        const months = repeat?.periodUnit === 'mo' && (repeat.frequency ?? 1) === 1 && Number.isInteger(repeat.period) ? repeat.period! : null;
        const category = CARE_CATEGORIES.find((each) => found.category?.some((concept) => wordsOf(concept) === each)) ?? categoryForCare(name);
        const note = found.note?.[0]?.text;
        const identifiers = identifiersOf(resource, fullUrl);
        const existing = known.careItem(name, dueDate, identifiers);
        if (existing !== undefined) {
          remember(careRequests, resource, fullUrl, existing);
          return alreadyThere;
        }
        const [item] = await tx
          .insert(preventativeCare)
          .values({
            userId: patient.id,
            careName: name,
            dueDate,
            status: found.status === 'completed' ? 'completed' : 'upcoming',
            recurringMonths: months !== null && months >= 1 && months <= 1200 ? months : null,
            notes: fits(note, 2000) ? note : null,
            category,
            codes: codesOf(found.code),
            identifiers,
          })
          .returning({ id: preventativeCare.id });
        remember(careRequests, resource, fullUrl, item!.id);
        known.addCareItem(name, dueDate, identifiers, item!.id);
        return imported;
      },
      Immunization: async (resource, fullUrl) => healthLists.immunization(resource, fullUrl),
      Procedure: async (resource, fullUrl) => {
        const found = read(FhirProcedure, resource);
        if (found instanceof Skip) return found;
        const day = calendarDayOf(found.performedDateTime ?? found.performedPeriod?.start);
        // The completion of a care request of the Bundle (as HealthAssist's own export writes it): that item's last completion.
        const itemId = found.basedOn?.map((each) => careRequests.get(each.reference ?? '')).find((id) => id !== undefined);
        if (itemId !== undefined && found.status === 'completed' && day) {
          if (known.completedOn(itemId) === day) return alreadyThere;
          await tx.update(preventativeCare).set({ lastCompleted: day }).where(eq(preventativeCare.id, itemId));
          return imported;
        }
        const words = wordsOf(found.code);
        // Issue 34: preventative care holds screenings; chemotherapy or an extraction is not one.
        const codes = codesOf(found.code);
        if (!isScreening(words, codes)) return skipped('is a treatment or procedure, not a screening: HealthAssist keeps no procedure history yet');
        return completedCare(found.status, words, day, codes, identifiersOf(resource, fullUrl));
      },
      AllergyIntolerance: async (resource, fullUrl) => healthLists.allergy(resource, fullUrl),
      MedicationStatement: (_resource, _fullUrl, index) => medicationImport.medication(index, (words) => addToList('medications', words)),
      MedicationRequest: (_resource, _fullUrl, index) => medicationImport.medication(index, (words) => addToList('medications', words)),
      MedicationAdministration: (resource) => medicationImport.administration(resource),
      Medication: async (resource, fullUrl) => medicationImport.medicationResource(resource, fullUrl),
      Condition: async (resource, fullUrl) => healthLists.condition(resource, fullUrl),
      Observation: async (_resource, _fullUrl, index) => observationImport.observation(index),
    };

    /** A screening done: a care item completed that day, with the screening's codes and where it came from. */
    async function completedCare(status: string, name: string | null, day: string | null, codes: Coding[], identifiers: SourceIdentifier[]): Promise<Outcome> {
      if (status !== 'completed') return skipped(`has the status ${status}, not completed`);
      if (!fits(name, 200)) return skipped('names nothing in words (a bare code)');
      if (!day) return skipped('has no date');
      if (known.careItem(name, day, identifiers) !== undefined) return alreadyThere;
      const [item] = await tx
        .insert(preventativeCare)
        .values({ userId: patient.id, careName: name, dueDate: day, status: 'completed', lastCompleted: day, category: categoryForCare(name), codes, identifiers })
        .returning({ id: preventativeCare.id });
      known.addCareItem(name, day, identifiers, item!.id);
      return imported;
    }

    for (let count = 0; count < withoutResource; count++) tally.add('Bundle.entry', skipped('holds no resource (a link or a search outcome only)'));
    for (const { resource, fullUrl, index } of entries) {
      const { resourceType } = resource;
      // Own keys only: a resourceType such as 'toString' or '__proto__' names the object's prototype, not a handler.
      const handle = Object.hasOwn(handlers, resourceType) ? handlers[resourceType] : undefined;
      tally.add(resourceType, handle ? await handle(resource, fullUrl, index) : skipped(`HealthAssist keeps no ${resourceType}`));
    }
    await healthLists.write();
    await observationImport.write();
    // Only the lists that gained a line: one left alone keeps what it was (null stays null).
    const changed = Object.fromEntries(Object.entries(lists).filter(([list, value]) => value !== (user[list as keyof typeof lists] ?? '')));
    if (Object.keys(changed).length > 0) await tx.update(users).set(changed).where(eq(users.id, patient.id));
    const results = tally.results();
    const added = results.reduce((sum, row) => sum + row.imported, 0);
    if (added > 0) {
      const items = `${added.toLocaleString('en-US')} ${added === 1 ? 'item' : 'items'}`;
      await tx.insert(activities).values({ userId: patient.id, ...describeActivity('records_imported', { items }) });
    }
    return { results };
  });
}

/**
 * A Patient's death (issue 34) as the patient's row keeps it: `deceasedDateTime` gives the day, `deceasedBoolean` only
 * the fact; a Patient that says neither changes nothing.
 */
function deceasedOf(found: { deceasedBoolean?: boolean; deceasedDateTime?: string }): { deceased?: boolean; deceasedDate?: string } {
  const day = calendarDayOf(found.deceasedDateTime);
  if (day) return { deceased: true, deceasedDate: day };
  return found.deceasedBoolean === true ? { deceased: true } : {};
}
