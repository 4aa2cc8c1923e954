import { RadioFormField } from '../../../components/ui/radio-form-field';
import { useFormContext, useWatch } from 'react-hook-form';
import { COMMUNICATION_PREFERENCES } from '../../../../shared/rules/statuses';
import { BirthDatePicker } from '../../../components/ui/birth-date-picker';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { TextFormField } from '../../../components/ui/text-form-field';
import type { WizardInput } from '../wizard-form';
import { CheckField } from './check-field';

export function PersonalStep() {
  const { control } = useFormContext<WizardInput>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextFormField control={control} name="personalInfo.firstName" label="First Name" input={{ autoComplete: 'given-name', maxLength: 100 }} />
      <TextFormField control={control} name="personalInfo.lastName" label="Last Name" input={{ autoComplete: 'family-name', maxLength: 100 }} />
      <TextFormField control={control} name="personalInfo.email" label="Email" input={{ type: 'email', autoComplete: 'email', maxLength: 254 }} />
      <TextFormField control={control} name="personalInfo.phoneNumber" label="Phone Number (optional)" input={{ type: 'tel', autoComplete: 'tel', maxLength: 40 }} />
      <FormField
        control={control}
        name="personalInfo.dateOfBirth"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>Date of Birth</FormLabel>
            <FormControl>
              <BirthDatePicker value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}

export function MedicalStep() {
  const { control } = useFormContext<WizardInput>();
  const hasConditions = useWatch<WizardInput, 'medicalInfo.hasExistingConditions'>({ name: 'medicalInfo.hasExistingConditions' });
  return (
    <div className="space-y-4">
      <CheckField name="medicalInfo.hasExistingConditions" label="I have existing medical conditions" />
      {hasConditions && (
        <TextFormField control={control} name="medicalInfo.existingConditions" label="Existing Conditions" multiline input={{ maxLength: 2000 }} />
      )}
      <TextFormField control={control} name="medicalInfo.medications" label="Current Medications (optional)" multiline input={{ maxLength: 2000 }} />
      <TextFormField control={control} name="medicalInfo.allergies" label="Allergies (optional)" multiline input={{ maxLength: 2000 }} />
    </div>
  );
}

export function InsuranceStep() {
  const { control } = useFormContext<WizardInput>();
  const hasInsurance = useWatch<WizardInput, 'insuranceInfo.hasInsurance'>({ name: 'insuranceInfo.hasInsurance' });
  return (
    <div className="space-y-4">
      <CheckField name="insuranceInfo.hasInsurance" label="I have health insurance" />
      {hasInsurance !== false && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextFormField control={control} name="insuranceInfo.provider" label="Insurance Provider" input={{ maxLength: 200 }} />
          <TextFormField control={control} name="insuranceInfo.policyNumber" label="Policy Number" input={{ maxLength: 100 }} />
          <TextFormField control={control} name="insuranceInfo.groupNumber" label="Group Number (optional)" input={{ maxLength: 100 }} />
        </div>
      )}
    </div>
  );
}

const PREFERENCE_LABELS: Record<(typeof COMMUNICATION_PREFERENCES)[number], string> = {
  email: 'Email',
  sms: 'SMS',
  both: 'Both',
  none: 'None',
};

export function PreferencesStep() {
  const { control } = useFormContext<WizardInput>();
  return (
    <div className="space-y-5">
      <RadioFormField
        control={control}
        name="preferences.communicationPreference"
        label="How should we contact you?"
        options={COMMUNICATION_PREFERENCES.map((value) => ({ value, label: PREFERENCE_LABELS[value] }))}
        groupClassName="flex flex-wrap gap-x-5 gap-y-2"
      />
      <CheckField name="preferences.appointmentReminders" label="Appointment reminders" asSwitch />
      <CheckField name="preferences.healthTips" label="Health tips" asSwitch />
    </div>
  );
}
