import { z } from 'zod';
import { MedicationFields, MedicationSchedule, type CreateMedicationBody, type Medication } from '../../../shared/contracts/medications';
import { SCHEDULE_KINDS, WEEKDAYS, type MedicationForm as FormKind, type ScheduleKind, type Weekday } from '../../../shared/rules/medications';

// The add/edit form of a medication: the contract's own fields (MedicationFields, with the messages the patient reads)
// and the schedule as the editor holds it — every kind's inputs at once, so that switching kind and back keeps what
// was typed — checked by the contract's MedicationSchedule once it is built from the chosen kind.

/** The schedule editor's inputs; a time is an object so that react-hook-form can keep a list of them. */
interface ScheduleInputs {
  kind: ScheduleKind;
  times: { time: string }[];
  weekdays: Weekday[];
  /** null while the box is empty. */
  everyHours: number | null;
  firstTime: string;
}

/** The schedule as the contract carries it, built from the chosen kind's inputs; each refusal under its input. */
const ScheduleForm = z
  .object({
    kind: z.enum(SCHEDULE_KINDS),
    times: z.array(z.object({ time: z.string() })),
    weekdays: z.array(z.enum(WEEKDAYS)),
    everyHours: z.number().nullable(),
    firstTime: z.string(),
  })
  .transform((inputs, ctx) => {
    const parsed = MedicationSchedule.safeParse(scheduleOf(inputs));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // A time of the list is shown under its own input; the list's own refusal ('at least one') under the list.
      const path = issue.path[0] === 'times' && typeof issue.path[1] === 'number' ? ['times', issue.path[1], 'time'] : issue.path;
      ctx.addIssue({ code: 'custom', message: issue.message, path });
    }
    return z.NEVER;
  });

function scheduleOf({ kind, times, weekdays, everyHours, firstTime }: z.input<typeof ScheduleForm>): unknown {
  const clockTimes = times.map(({ time }) => time);
  switch (kind) {
    case 'daily':
      return { kind, times: clockTimes };
    case 'weekdays':
      return { kind, weekdays, times: clockTimes };
    case 'every-hours':
      return { kind, everyHours: everyHours ?? undefined, firstTime };
    case 'as-needed':
      return { kind };
  }
}

export const MedicationFormSchema = MedicationFields.extend({ schedule: ScheduleForm }).refine(
  (values) => !values.startDate || !values.endDate || values.endDate >= values.startDate,
  { message: 'must be on or after the start date', path: ['endDate'] },
);
export type MedicationFormInput = z.input<typeof MedicationFormSchema>;
export type MedicationFormValues = z.output<typeof MedicationFormSchema>;

const NEW_SCHEDULE: ScheduleInputs = { kind: 'daily', times: [{ time: '08:00' }], weekdays: [], everyHours: 8, firstTime: '06:00' };

/** What the editor starts from: the medication's schedule, with the other kinds' inputs at their defaults. */
function scheduleInputs(schedule: Medication['schedule']): ScheduleInputs {
  switch (schedule.kind) {
    case 'daily':
      return { ...NEW_SCHEDULE, kind: 'daily', times: schedule.times.map((time) => ({ time })) };
    case 'weekdays':
      return { ...NEW_SCHEDULE, kind: 'weekdays', weekdays: [...schedule.weekdays], times: schedule.times.map((time) => ({ time })) };
    case 'every-hours':
      return { ...NEW_SCHEDULE, kind: 'every-hours', everyHours: schedule.everyHours, firstTime: schedule.firstTime };
    case 'as-needed':
      return { ...NEW_SCHEDULE, kind: 'as-needed' };
  }
}

/** The form's first values: empty for a new medication (started today), else the medication as stored. */
export function startingValues(medication: Medication | null, today: string): MedicationFormInput {
  if (!medication) {
    return {
      name: '',
      strength: '',
      form: null,
      dose: '',
      route: '',
      instructions: '',
      reason: '',
      prescriber: '',
      providerId: null,
      pharmacy: '',
      startDate: today,
      endDate: null,
      refillsLeft: null,
      quantityOnHand: null,
      schedule: NEW_SCHEDULE,
      remindAtNight: false,
    };
  }
  const text = (value: string | null) => value ?? '';
  return {
    name: medication.name,
    strength: text(medication.strength),
    form: medication.form,
    dose: text(medication.dose),
    route: text(medication.route),
    instructions: text(medication.instructions),
    reason: text(medication.reason),
    prescriber: text(medication.prescriber),
    providerId: medication.providerId,
    pharmacy: text(medication.pharmacy),
    startDate: medication.startDate,
    endDate: medication.endDate,
    refillsLeft: medication.refillsLeft,
    quantityOnHand: medication.quantityOnHand,
    schedule: scheduleInputs(medication.schedule),
    remindAtNight: medication.remindAtNight,
  };
}

/** The form's checked values as a new medication's body. */
export const createBody = (patientId: number, values: MedicationFormValues): CreateMedicationBody => ({ userId: patientId, ...values });

/** A form option for 'no form given': Radix Select has no empty value. */
export const NO_FORM = 'none';
export const formOption = (form: FormKind | null | undefined) => form ?? NO_FORM;
export const formOfOption = (option: string): FormKind | null => (option === NO_FORM ? null : (option as FormKind));
