import { RadioFormField } from '../../../components/ui/radio-form-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { profileFields, type User } from '../../../../shared/contracts/users';
import { UNIT_SYSTEM_WORDS, UNIT_SYSTEMS } from '../../../../shared/rules/unit-systems';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { BirthDatePicker } from '../../../components/ui/birth-date-picker';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { browserTimeZone, timeZoneChoices } from '../time-zones';
import { AvatarField } from './avatar-field';
import { useProfileSave } from './use-profile-save';

const NOT_STATED = 'not-stated';

/** The contract's own fields; the form's empty date and "not stated" stand for the contract's null. */
const PersonalInfoForm = z.object({
  displayName: profileFields.displayName,
  email: profileFields.email,
  phoneNumber: profileFields.phoneNumber,
  avatarUrl: profileFields.avatarUrl,
  dateOfBirth: z.preprocess((value) => (value === '' ? null : value), profileFields.dateOfBirth),
  sexAtBirth: z.enum(['female', 'male', NOT_STATED]).transform((value) => (value === NOT_STATED ? null : value)),
  timeZone: profileFields.timeZone,
  unitSystem: profileFields.unitSystem,
});
type PersonalInfoInput = z.input<typeof PersonalInfoForm>;
type PersonalInfoValues = z.output<typeof PersonalInfoForm>;

/** The stored profile, or blanks on a first run before the patient exists (this save then creates them). */
const startingValues = (user: User | null): PersonalInfoInput => ({
  displayName: user?.displayName ?? '',
  email: user?.email ?? '',
  phoneNumber: user?.phoneNumber ?? '',
  avatarUrl: user?.avatarUrl ?? null,
  dateOfBirth: user?.dateOfBirth ?? '',
  sexAtBirth: user?.sexAtBirth ?? NOT_STATED,
  timeZone: user?.timeZone ?? browserTimeZone(),
  unitSystem: user?.unitSystem ?? 'us',
});

export function PersonalInfoCard({ user }: { user: User | null }) {
  const form = useForm<PersonalInfoInput, unknown, PersonalInfoValues>({
    resolver: zodResolver(PersonalInfoForm),
    defaultValues: startingValues(user),
  });
  const { pending, submit } = useProfileSave(form, startingValues);
  const name = useWatch({ control: form.control, name: 'displayName' });
  const timeZones = timeZoneChoices(form.getValues('timeZone') ?? browserTimeZone());

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="avatarUrl"
              render={({ field }) => (
                <div className="sm:col-span-2">
                  <AvatarField value={field.value ?? null} onChange={field.onChange} name={typeof name === 'string' ? name : ''} />
                </div>
              )}
            />
            <FormField
              control={form.control}
              name="displayName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Full Name</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="name" maxLength={200} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input {...field} type="email" autoComplete="email" maxLength={254} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="phoneNumber"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Phone Number</FormLabel>
                  <FormControl>
                    <Input {...field} value={field.value ?? ''} type="tel" autoComplete="tel" maxLength={40} />
                  </FormControl>
                  <FormDescription>Your phone number will be used for appointment reminders</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="dateOfBirth"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Date of Birth</FormLabel>
                  <FormControl>
                    <BirthDatePicker
                      value={typeof field.value === 'string' ? field.value : ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      placeholder="Not given"
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RadioFormField
              control={form.control}
              name="sexAtBirth"
              label="Sex Assigned at Birth"
              options={[
                { value: 'female', label: 'Female' },
                { value: 'male', label: 'Male' },
                { value: NOT_STATED, label: 'Not stated' },
              ]}
              description="Some screenings depend on it; optional."
            />
            <FormField
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Time Zone</FormLabel>
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent className="max-h-72">
                      {timeZones.map((zone) => (
                        <SelectItem key={zone} value={zone}>
                          {zone.replaceAll('_', ' ')}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormDescription>Appointment reminders and calendar files use it.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RadioFormField
              control={form.control}
              name="unitSystem"
              label="Units"
              options={UNIT_SYSTEMS.map((value) => ({ value, label: UNIT_SYSTEM_WORDS[value] }))}
              description="How your vitals and lab results are shown."
            />
            <div className="sm:col-span-2">
              <SubmitButton pending={pending}>{pending ? 'Saving...' : 'Save Changes'}</SubmitButton>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
