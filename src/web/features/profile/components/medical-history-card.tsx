import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { profileFields, type User } from '../../../../shared/contracts/users';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { TextFormField } from '../../../components/ui/text-form-field';
import { useProfileSave } from './use-profile-save';

const MedicalHistoryForm = z.object({
  existingConditions: profileFields.existingConditions,
  medications: profileFields.medications,
  allergies: profileFields.allergies,
});
type MedicalHistoryInput = z.input<typeof MedicalHistoryForm>;
type MedicalHistoryValues = z.output<typeof MedicalHistoryForm>;

const FIELDS = [
  ['existingConditions', 'Existing Conditions', 'e.g. asthma, type 2 diabetes'],
  ['medications', 'Medications', 'e.g. metformin 500 mg twice a day'],
  ['allergies', 'Allergies', 'e.g. penicillin, peanuts'],
] as const;

const startingValues = (user: User): MedicalHistoryInput => ({
  existingConditions: user.existingConditions ?? '',
  medications: user.medications ?? '',
  allergies: user.allergies ?? '',
});

/** Beyond the spec: what the assistant and the care recommendations read; each text is optional. */
export function MedicalHistoryCard({ user }: { user: User }) {
  const form = useForm<MedicalHistoryInput, unknown, MedicalHistoryValues>({
    resolver: zodResolver(MedicalHistoryForm),
    defaultValues: startingValues(user),
  });
  const { pending, submit } = useProfileSave(form, startingValues);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Medical History</CardTitle>
        <CardDescription>Optional. Kept with your records so reminders and answers can take it into account.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-5">
            {FIELDS.map(([name, label, placeholder]) => (
              <TextFormField key={name} control={form.control} name={name} label={label} multiline input={{ maxLength: 2000, placeholder }} />
            ))}
            <SubmitButton pending={pending}>{pending ? 'Saving...' : 'Save Medical History'}</SubmitButton>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
