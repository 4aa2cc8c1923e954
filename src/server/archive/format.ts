import { z } from 'zod';
import { CHAT_ATTACHMENT_TYPES, CHAT_ROLES } from '../../shared/contracts/chat';
import { dateOnly, id, instant } from '../../shared/contracts/common';
import { timeOfDay } from '../../shared/contracts/medications';
import { ACTIVITY_TYPES } from '../../shared/rules/activities';
import { ALLERGY_CRITICALITIES, ALLERGY_STATUSES, ALLERGY_TYPES, REACTION_SEVERITIES } from '../../shared/rules/allergies';
import { CONDITION_STATUSES } from '../../shared/rules/conditions';
import { DOCUMENT_TYPES, FILENAME_MAX_LENGTH, MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { PLAN_TYPES } from '../../shared/rules/insurance';
import { MEASURE_KINDS, UNIT_SYSTEMS, VALUE_TYPES, type ValueType } from '../../shared/rules/measures';
import { DOSE_STATUSES, EVERY_HOURS_RANGE, MAX_TIMES_A_DAY, MEDICATION_FORMS, MEDICATION_STATUSES, WEEKDAYS } from '../../shared/rules/medications';
import { COMPARATORS, OBSERVATION_SOURCES } from '../../shared/rules/observations';
import { SEXES_AT_BIRTH } from '../../shared/rules/patient';
import { linesOf } from '../../shared/rules/profile-lines';
import { PROVIDER_SPECIALTIES } from '../../shared/rules/providers';
import {
  APPOINTMENT_STATUSES,
  CARE_CATEGORIES,
  COMMUNICATION_PREFERENCES,
  CONFIRMATION_CALL_STATUSES,
  ICON_TYPES,
  STORED_CARE_STATUSES,
} from '../../shared/rules/statuses';
import { CHAT_CHANNELS } from '../db/schema/index';

// The archive's format (ADR 18): healthassist.json, every row of the patient, and manifest.json, the size and SHA-256 of
// every file. One zod schema per file reads an archive (ISO strings become Dates) and writes one (z.encode), and
// docs/archive/ holds the JSON Schema made from it. Rows keep their ids, so that a restored install answers as the
// one it came from; the patient's own id is implied (every row is theirs) and is not written.

/**
 * The version this build writes. A change of any row's shape is a new version; every earlier one is still read
 * (`readArchiveData`). 1: the record before medications; 2 (issue 32): the same with `medications` and
 * `medicationDoses`; 3 (issue 33): a medication's `remindAtNight`, and `notificationSettings`; 4 (issue 34):
 * `conditions`, `allergies` and `immunizations`, each item a row, in place of the profile's two texts
 * `existingConditions` and `allergies`, whether the patient has died, and a medication's `codes`; 5 (issue 34): the
 * `identifiers` of the resource each provider, care item, medication and health-list item came from, and the `codes`
 * of a care item, a plan and an appointment; 6 (issue 35): `observations`, the vitals and lab results, and the
 * patient's `unitSystem`. The notifications themselves are not in it: they are derived from the record (the
 * scheduler computes them again).
 */
export const ARCHIVE_VERSION = 6;
/** The versions this build restores: its own and every earlier one. */
export const READABLE_VERSIONS = [1, 2, 3, 4, 5, 6] as const;
export const ARCHIVE_FILES = { data: 'healthassist.json', manifest: 'manifest.json', documentsFolder: 'documents/' } as const;

const text = z.string();
const nullableText = z.string().nullable();
/** Whole dollars, as the insurance screen keeps them. */
const dollars = z.int().nonnegative();
const nonBlank = z.string().regex(/\S/, 'must not be blank');

/**
 * An item's codes (issue 34): each as another record sent it, whatever its system (rules/codes.ts), and none for an
 * item the patient typed.
 */
const Codes = z.array(z.strictObject({ system: nonBlank, code: nonBlank, display: z.string().optional() }));

/**
 * Since version 5 (issue 34): the identifiers, and the Bundle entry's `fullUrl`, of the resource a row came from
 * (rules/codes.ts SourceIdentifier), by which the same resource imported again is known; none for a row typed.
 */
const sourceIdentifiers = { identifiers: z.array(z.strictObject({ system: nonBlank.optional(), value: nonBlank })) };

/**
 * The profile, the patient's row, as versions 1 to 3 wrote it: conditions and allergies were a text each, one item a
 * line. No way in is on it (ADR 21), and whether it is the demo is not written.
 */
const PatientVersion3 = z.strictObject({
  username: z.string().min(1).max(200),
  displayName: z.string().min(1).max(200),
  email: text,
  phoneNumber: nullableText,
  avatarUrl: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  sexAtBirth: z.enum(SEXES_AT_BIRTH).nullable(),
  timeZone: nullableText,
  dateOfBirth: dateOnly.nullable(),
  existingConditions: nullableText,
  medications: nullableText,
  allergies: nullableText,
  communicationPreference: z.enum(COMMUNICATION_PREFERENCES),
  appointmentReminders: z.boolean(),
  healthTips: z.boolean(),
  onboardedAt: instant.nullable(),
  /**
   * Written by HealthAssist before ADR 21, read and ignored since: an archive never decides who may sign in or what
   * 'Start with my own data' removes, so a restored record is always the patient's own.
   */
  isDemo: z.boolean().optional().meta({ deprecated: true }),
});

/**
 * The profile as versions 4 and 5 wrote it (issue 34): the conditions and allergies are lists of their own, and the
 * patient may have died (a record imported from a hospital's export says so), on a day when it is known.
 */
const PatientVersion5Fields = PatientVersion3.omit({ existingConditions: true, allergies: true }).extend({ deceased: z.boolean(), deceasedDate: dateOnly.nullable() });
/** What the table's CHECK holds of a death's day, refused here first, with words. */
const diedOnDay = (row: z.output<typeof PatientVersion5Fields>) => row.deceasedDate === null || row.deceased;
const diedOnDayIssue = { message: 'is given only when the patient has died', path: ['deceasedDate'] };
const PatientVersion5 = PatientVersion5Fields.refine(diedOnDay, diedOnDayIssue);
/** The profile since version 6 (issue 35): the units the patient reads vitals and lab results in. */
const Patient = PatientVersion5Fields.extend({ unitSystem: z.enum(UNIT_SYSTEMS) }).refine(diedOnDay, diedOnDayIssue);

const ProviderVersion4 = z.strictObject({
  id,
  name: text,
  specialty: z.enum(PROVIDER_SPECIALTIES).nullable(),
  phone: nullableText,
  address: nullableText,
});
const Provider = ProviderVersion4.extend(sourceIdentifiers);

const InsurancePlanVersion4 = z.strictObject({
  id,
  provider: text,
  memberId: text,
  groupNumber: nullableText,
  planType: z.enum(PLAN_TYPES),
  effectiveDate: dateOnly,
  deductible: dollars,
  deductibleMet: dollars,
  outOfPocketMax: dollars,
  outOfPocketMet: dollars,
  isPrimary: z.boolean(),
});

/** A plan since version 5: the codes of its type as another record sent them. */
const InsurancePlan = InsurancePlanVersion4.extend({ codes: Codes });

const InsuranceBenefit = z.strictObject({
  id,
  insuranceId: id,
  serviceName: text,
  inNetworkCoverage: text,
  outOfNetworkCoverage: text,
});

const CareItemVersion4 = z.strictObject({
  id,
  careName: text,
  dueDate: dateOnly,
  status: z.enum(STORED_CARE_STATUSES),
  recurringMonths: z.int().min(1).max(1200).nullable(),
  lastCompleted: dateOnly.nullable(),
  notes: nullableText,
  category: z.enum(CARE_CATEGORIES),
});
/** A care item since version 5: the codes of the screening it came from, and where it came from. */
const CareItem = CareItemVersion4.extend({ codes: Codes, ...sourceIdentifiers });

const AppointmentVersion4 = z.strictObject({
  id,
  providerId: id,
  appointmentType: text,
  appointmentDate: dateOnly,
  appointmentTime: text,
  status: z.enum(APPOINTMENT_STATUSES),
  notes: nullableText,
  careItemId: id.nullable(),
  calendarUid: z.uuid(),
  confirmationCallStatus: z.enum(CONFIRMATION_CALL_STATUSES),
  confirmationCallId: nullableText,
  confirmationCallError: nullableText,
});
/** An appointment since version 5: the codes of its type as another record sent them. */
const Appointment = AppointmentVersion4.extend({ codes: Codes });

const times = z.array(timeOfDay).min(1).max(MAX_TIMES_A_DAY);

/** The schedule as the table keeps it (rules/medications.ts): no transform, so that it writes back as it reads. */
const Schedule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('daily'), times }),
  z.strictObject({ kind: z.literal('weekdays'), weekdays: z.array(z.enum(WEEKDAYS)).min(1).max(WEEKDAYS.length), times }),
  z.strictObject({ kind: z.literal('every-hours'), everyHours: z.int().min(EVERY_HOURS_RANGE.min).max(EVERY_HOURS_RANGE.max), firstTime: timeOfDay }),
  z.strictObject({ kind: z.literal('as-needed') }),
]);

/** A medication (issue 32) as version 2 wrote it. */
const MedicationVersion2Fields = z.strictObject({
  id,
  name: z.string().regex(/\S/, 'must not be blank'),
  strength: nullableText,
  form: z.enum(MEDICATION_FORMS).nullable(),
  dose: nullableText,
  route: nullableText,
  instructions: nullableText,
  reason: nullableText,
  prescriber: nullableText,
  providerId: id.nullable(),
  pharmacy: nullableText,
  startDate: dateOnly.nullable(),
  endDate: dateOnly.nullable(),
  status: z.enum(MEDICATION_STATUSES),
  pausedOn: dateOnly.nullable(),
  stoppedOn: dateOnly.nullable(),
  stopReason: nullableText,
  refillsLeft: z.int().nonnegative().nullable(),
  quantityOnHand: z.int().nonnegative().nullable(),
  schedule: Schedule,
  createdAt: instant,
  updatedAt: instant,
});

/** What the table's CHECKs hold of a medication, refused here first, with words. */
function medicationChecks(row: z.output<typeof MedicationVersion2Fields>, ctx: z.RefinementCtx): void {
  if (row.startDate && row.endDate && row.endDate < row.startDate) ctx.addIssue({ code: 'custom', message: 'must be on or after the start date', path: ['endDate'] });
  if ((row.status === 'paused') !== (row.pausedOn !== null)) ctx.addIssue({ code: 'custom', message: 'is given exactly when the status is paused', path: ['pausedOn'] });
  if ((row.status === 'stopped') !== (row.stoppedOn !== null)) ctx.addIssue({ code: 'custom', message: 'is given exactly when the status is stopped', path: ['stoppedOn'] });
}

/** A medication as version 3 wrote it: version 2's, and whether its doses are reminded even at night (issue 33). */
const MedicationVersion3 = MedicationVersion2Fields.extend({ remindAtNight: z.boolean() }).superRefine(medicationChecks);
const MedicationVersion2 = MedicationVersion2Fields.superRefine(medicationChecks);

/** An entry of the dose log: a scheduled dose (its day and time) taken, skipped or missed, or an as-needed one taken. */
const MedicationDose = z
  .strictObject({
    id,
    medicationId: id,
    scheduledDate: dateOnly.nullable(),
    scheduledTime: timeOfDay.nullable(),
    status: z.enum(DOSE_STATUSES),
    takenAt: instant.nullable(),
    reason: nullableText,
    loggedAt: instant,
  })
  .refine((row) => (row.scheduledDate === null) === (row.scheduledTime === null), { message: 'is given exactly when scheduledDate is', path: ['scheduledTime'] })
  .refine((row) => (row.status === 'taken') === (row.takenAt !== null), { message: 'is given exactly when the status is taken', path: ['takenAt'] })
  .refine((row) => row.scheduledDate !== null || row.status === 'taken', { message: 'of an as-needed dose (no scheduled day) can only be taken', path: ['status'] });

/** A medication as version 4 wrote it: version 3's, and its codes (issue 34: RxNorm, as its prescription sent them). */
const MedicationVersion4 = MedicationVersion2Fields.extend({ remindAtNight: z.boolean(), codes: Codes }).superRefine(medicationChecks);
const Medication = MedicationVersion2Fields.extend({ remindAtNight: z.boolean(), codes: Codes, ...sourceIdentifiers }).superRefine(medicationChecks);

/** A condition of the problem list: the words, and the codes, status and dates a record gave it. */
const ConditionVersion4Fields = z.strictObject({
  id,
  name: nonBlank,
  codes: Codes,
  clinicalStatus: z.enum(CONDITION_STATUSES),
  onsetDate: dateOnly.nullable(),
  abatementDate: dateOnly.nullable(),
  note: nullableText,
  createdAt: instant,
});
/** What the table's CHECK holds of a condition's dates, refused here first, with words. */
const endsAfterOnset = (row: z.output<typeof ConditionVersion4Fields>) => !row.onsetDate || !row.abatementDate || row.abatementDate >= row.onsetDate;
const endsAfterOnsetIssue = { message: 'must be on or after the onset date', path: ['abatementDate'] };
const ConditionVersion4 = ConditionVersion4Fields.refine(endsAfterOnset, endsAfterOnsetIssue);
const Condition = ConditionVersion4Fields.extend(sourceIdentifiers).refine(endsAfterOnset, endsAfterOnsetIssue);

/** An allergy or intolerance, with the reactions it caused. */
const AllergyVersion4 = z.strictObject({
  id,
  substance: nonBlank,
  codes: Codes,
  type: z.enum(ALLERGY_TYPES).nullable(),
  criticality: z.enum(ALLERGY_CRITICALITIES).nullable(),
  reactions: z.array(z.strictObject({ manifestation: nonBlank, severity: z.enum(REACTION_SEVERITIES).nullable() })),
  status: z.enum(ALLERGY_STATUSES),
  note: nullableText,
  createdAt: instant,
});

/** A vaccine given, on its day. */
const ImmunizationVersion4 = z.strictObject({
  id,
  vaccine: nonBlank,
  codes: Codes,
  date: dateOnly,
  doseNumber: z.int().min(1).max(99).nullable(),
  lotNumber: nullableText,
  site: nullableText,
  performer: nullableText,
  note: nullableText,
  createdAt: instant,
});

const Allergy = AllergyVersion4.extend(sourceIdentifiers);
const Immunization = ImmunizationVersion4.extend(sourceIdentifiers);

/** A document's row; its bytes are the archive's file `document`, whose size and SHA-256 the manifest gives. */
const MedicalRecord = z.strictObject({
  id,
  filename: z.string().min(1).max(FILENAME_MAX_LENGTH),
  fileType: z.enum(DOCUMENT_TYPES),
  fileSize: z.int().min(1).max(MAX_DOCUMENT_BYTES),
  uploadDate: instant,
  description: nullableText,
  insuranceId: id.nullable(),
  document: z.string().startsWith(ARCHIVE_FILES.documentsFolder),
});

/**
 * A reading (issue 35), a vital sign or a lab result: its value as given (`value`, `unit`, `comparator`; blood
 * pressure's diastolic in `secondValue`; words in `valueText`) and once more in the measure's own unit (`chartValue`,
 * `secondChartValue`), as the table keeps them; the range a lab sent with it; the document it came in, if any.
 */
const ObservationFields = z.strictObject({
  id,
  kind: z.enum(MEASURE_KINDS),
  /** The measure's LOINC code (rules/measures.ts). */
  code: nonBlank,
  takenAt: instant,
  valueType: z.enum(VALUE_TYPES),
  value: z.number().nullable(),
  secondValue: z.number().nullable(),
  comparator: z.enum(COMPARATORS).nullable(),
  valueText: nullableText,
  unit: nullableText,
  chartValue: z.number().nullable(),
  secondChartValue: z.number().nullable(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  referenceText: nullableText,
  source: z.enum(OBSERVATION_SOURCES),
  sourceName: nullableText,
  note: nullableText,
  medicalRecordId: id.nullable(),
  ...sourceIdentifiers,
  createdAt: instant,
});
type ValueColumn = 'value' | 'secondValue' | 'comparator' | 'valueText' | 'unit' | 'chartValue' | 'secondChartValue';

/**
 * The columns each value type gives and those it leaves empty, as the table's CHECK observations_value_check holds
 * them: words alone; a number with its unit; blood pressure's two numbers. A column named in neither is free.
 */
const VALUE_COLUMNS: Record<ValueType, { given: readonly ValueColumn[]; empty: readonly ValueColumn[] }> = {
  text: { given: ['valueText'], empty: ['value', 'secondValue', 'chartValue', 'comparator'] },
  quantity: { given: ['value', 'unit', 'chartValue'], empty: ['secondValue', 'valueText'] },
  'blood-pressure': { given: ['value', 'secondValue', 'chartValue', 'secondChartValue'], empty: ['comparator', 'valueText'] },
};

const Observation = ObservationFields.superRefine((row, ctx) => {
  const { given, empty } = VALUE_COLUMNS[row.valueType];
  for (const column of given) {
    if (row[column] === null) ctx.addIssue({ code: 'custom', message: `is given for every ${row.valueType} reading`, path: [column] });
  }
  for (const column of empty) {
    if (row[column] !== null) ctx.addIssue({ code: 'custom', message: `is not given for a ${row.valueType} reading`, path: [column] });
  }
  if (row.referenceLow !== null && row.referenceHigh !== null && row.referenceLow > row.referenceHigh) {
    ctx.addIssue({ code: 'custom', message: 'must not be below referenceLow', path: ['referenceHigh'] });
  }
});

const Activity = z.strictObject({
  id,
  activityType: z.enum(ACTIVITY_TYPES),
  description: text,
  timestamp: instant,
  relatedItemId: z.int().nullable(),
  iconType: z.enum(ICON_TYPES),
});

const ChatSession = z.strictObject({
  id,
  channel: z.enum(CHAT_CHANNELS),
  sessionKey: text,
  createdAt: instant,
});

const ChatMessage = z.strictObject({
  id,
  sessionId: id,
  role: z.enum(CHAT_ROLES),
  content: z.string().max(100_000),
  attachments: z.array(z.strictObject({ name: text, type: z.enum(CHAT_ATTACHMENT_TYPES), size: z.int().nonnegative() })),
  createdAt: instant,
});

/**
 * Settings → Notifications beyond the profile's two switches (issue 33): the patient's one row, or null for every
 * default. The notifications and their deliveries are not the record: they are derived from it.
 */
const NotificationSettings = z.strictObject({
  doseReminders: z.boolean(),
  missedDoses: z.boolean(),
  refills: z.boolean(),
  confirmationCalls: z.boolean(),
  backups: z.boolean(),
  newSignIns: z.boolean(),
  quietHoursStart: timeOfDay,
  quietHoursEnd: timeOfDay,
  detailedEmail: z.boolean(),
  detailedSms: z.boolean(),
  detailedNtfy: z.boolean(),
  detailedWebhook: z.boolean(),
});

/** healthassist.json: the patient and every row that is theirs, table by table. */
export const ArchiveData = z
  .strictObject({
    format: z.literal('healthassist'),
    version: z.literal(ARCHIVE_VERSION),
    exportedAt: instant,
    patient: Patient,
    notificationSettings: NotificationSettings.nullable(),
    conditions: z.array(Condition),
    allergies: z.array(Allergy),
    immunizations: z.array(Immunization),
    providers: z.array(Provider),
    medications: z.array(Medication),
    medicationDoses: z.array(MedicationDose),
    insurancePlans: z.array(InsurancePlan),
    insuranceBenefits: z.array(InsuranceBenefit),
    preventativeCare: z.array(CareItem),
    appointments: z.array(Appointment),
    medicalRecords: z.array(MedicalRecord),
    observations: z.array(Observation),
    activities: z.array(Activity),
    chatSessions: z.array(ChatSession),
    chatMessages: z.array(ChatMessage),
  })
  .meta({ title: 'HealthAssist archive data', description: 'healthassist.json: every row of one patient (ADR 18).' });
export type ArchiveData = z.output<typeof ArchiveData>;

/**
 * The tables of healthassist.json, in the order their rows are written back (a row after those it names); a replacing
 * restore deletes in the reverse order.
 */
export const ARCHIVE_TABLES = [
  'conditions',
  'allergies',
  'immunizations',
  'providers',
  'medications',
  'medicationDoses',
  'insurancePlans',
  'insuranceBenefits',
  'preventativeCare',
  'appointments',
  'medicalRecords',
  'observations',
  'activities',
  'chatSessions',
  'chatMessages',
] as const satisfies readonly (keyof ArchiveData)[];
export type ArchiveTable = (typeof ARCHIVE_TABLES)[number];

/** Version 5 (issue 34, before issue 35): no vitals or lab results, and no unit system on the profile. */
const ArchiveDataVersion5 = ArchiveData.omit({ observations: true }).extend({ version: z.literal(5), patient: PatientVersion5 });

/**
 * Version 4 (issue 34, before the identifiers of version 5): no row says which resource it came from; no care item,
 * plan or appointment has codes.
 */
const ArchiveDataVersion4 = ArchiveDataVersion5.extend({
  version: z.literal(4),
  conditions: z.array(ConditionVersion4),
  allergies: z.array(AllergyVersion4),
  immunizations: z.array(ImmunizationVersion4),
  providers: z.array(ProviderVersion4),
  medications: z.array(MedicationVersion4),
  preventativeCare: z.array(CareItemVersion4),
  insurancePlans: z.array(InsurancePlanVersion4),
  appointments: z.array(AppointmentVersion4),
});

/**
 * Version 3 (issue 33, before issue 34): no health lists; the patient's conditions and allergies are two texts of the
 * profile, one item a line, and nothing says whether the patient has died.
 */
const ArchiveDataVersion3 = ArchiveDataVersion4.omit({ conditions: true, allergies: true, immunizations: true }).extend({
  version: z.literal(3),
  patient: PatientVersion3,
  medications: z.array(MedicationVersion3),
});

/** Version 2 (issue 32, before issue 33): no notification settings, and medications without `remindAtNight`. */
const ArchiveDataVersion2 = ArchiveDataVersion3.omit({ notificationSettings: true }).extend({ version: z.literal(2), medications: z.array(MedicationVersion2) });

/** Version 1 (before issue 32): version 2's tables less the medications and their dose log. */
const ArchiveDataVersion1 = ArchiveDataVersion2.omit({ medications: true, medicationDoses: true }).extend({ version: z.literal(1) });

type ReadResult = { success: true; data: ArchiveData } | { success: false; error: z.ZodError };

/**
 * healthassist.json of any version this build reads, as the current version: an earlier archive is read with its own
 * schema (strict as it was: a version 1 archive holding medications is refused) and brought up to this one, with
 * what it could not hold empty or at its default (no notification settings: every default; no medication reminded at
 * night; the patient alive; no readings, in US units), and the profile's texts of conditions and allergies made
 * items, a line an item.
 */
export function readArchiveData(json: unknown): ReadResult {
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  if (version === 1) {
    const parsed = ArchiveDataVersion1.safeParse(json);
    if (!parsed.success) return { success: false, error: parsed.error };
    return { success: true, data: fromVersion5(fromVersion4(fromVersion3(fromVersion2({ ...parsed.data, medications: [], medicationDoses: [] })))) };
  }
  if (version === 2) {
    const parsed = ArchiveDataVersion2.safeParse(json);
    if (!parsed.success) return { success: false, error: parsed.error };
    return { success: true, data: fromVersion5(fromVersion4(fromVersion3(fromVersion2(parsed.data)))) };
  }
  if (version === 3) {
    const parsed = ArchiveDataVersion3.safeParse(json);
    if (!parsed.success) return { success: false, error: parsed.error };
    return { success: true, data: fromVersion5(fromVersion4(fromVersion3(parsed.data))) };
  }
  if (version === 4) {
    const parsed = ArchiveDataVersion4.safeParse(json);
    if (!parsed.success) return { success: false, error: parsed.error };
    return { success: true, data: fromVersion5(fromVersion4(parsed.data)) };
  }
  if (version === 5) {
    const parsed = ArchiveDataVersion5.safeParse(json);
    if (!parsed.success) return { success: false, error: parsed.error };
    return { success: true, data: fromVersion5(parsed.data) };
  }
  return ArchiveData.safeParse(json);
}

type Version5 = z.output<typeof ArchiveDataVersion5>;

/**
 * Version 5's data as this version's: no readings, and the patient reads them in US units, the default every
 * patient had when issue 35 came (migration 0019).
 */
function fromVersion5(data: Version5): ArchiveData {
  return { ...data, version: ARCHIVE_VERSION, patient: { ...data.patient, unitSystem: 'us' }, observations: [] };
}

type Version4 = z.output<typeof ArchiveDataVersion4>;

/** Version 4's data as version 5's: no row came from a resource it names, no care item, plan or appointment has codes. */
function fromVersion4(data: Version4): Version5 {
  const none = <Row extends object>(rows: Row[]) => rows.map((row) => ({ ...row, identifiers: [] }));
  return {
    ...data,
    version: 5,
    conditions: none(data.conditions),
    allergies: none(data.allergies),
    immunizations: none(data.immunizations),
    providers: none(data.providers),
    medications: none(data.medications),
    preventativeCare: data.preventativeCare.map((item) => ({ ...item, codes: [], identifiers: [] })),
    insurancePlans: data.insurancePlans.map((plan) => ({ ...plan, codes: [] })),
    appointments: data.appointments.map((appointment) => ({ ...appointment, codes: [] })),
  };
}

type Version3 = Omit<z.output<typeof ArchiveDataVersion3>, 'version'>;

/** Version 2's data as version 3's. */
function fromVersion2(data: Omit<z.output<typeof ArchiveDataVersion2>, 'version'>): Version3 {
  const medications = data.medications.map((medication) => ({ ...medication, remindAtNight: false }));
  return { ...data, notificationSettings: null, medications };
}

/**
 * Version 3's data as version 4's. Each line of the profile's two texts becomes an item, as migration 0017 made
 * them (rules/profile-lines.ts: trimmed, blank lines dropped, in order), active and without a code, numbered 1 to n in
 * its list: rows keep the ids the archive gives them, and these are the only rows of their table that it holds. The
 * archive's time of making is when they are known to have been in the record. No immunization: they were care items.
 */
function fromVersion3(data: Version3): Version4 {
  const { existingConditions, allergies, ...patient } = data.patient;
  const createdAt = data.exportedAt;
  return {
    ...data,
    version: 4,
    patient: { ...patient, deceased: false, deceasedDate: null },
    medications: data.medications.map((medication) => ({ ...medication, codes: [] })),
    conditions: linesOf(existingConditions).map((name, index) => ({
      id: index + 1,
      name,
      codes: [],
      clinicalStatus: 'active',
      onsetDate: null,
      abatementDate: null,
      note: null,
      createdAt,
    })),
    allergies: linesOf(allergies).map((substance, index) => ({
      id: index + 1,
      substance,
      codes: [],
      type: null,
      criticality: null,
      reactions: [],
      status: 'active',
      note: null,
      createdAt,
    })),
    immunizations: [],
  };
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hex');

/** manifest.json: what the archive holds, so that a damaged or altered file is found before anything is written. */
export const ArchiveManifest = z
  .strictObject({
    format: z.literal('healthassist-archive'),
    version: z.int().positive(),
    app: z.strictObject({ name: z.literal('HealthAssist'), version: z.string() }),
    createdAt: instant,
    files: z.array(z.strictObject({ path: z.string().min(1), size: z.int().nonnegative(), sha256: sha256Hex })),
  })
  .meta({ title: 'HealthAssist archive manifest', description: 'manifest.json: the format, the app, and every other file with its size and SHA-256.' });
export type ArchiveManifest = z.output<typeof ArchiveManifest>;
