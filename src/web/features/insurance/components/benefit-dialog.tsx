import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InsuranceBenefitFields, type InsuranceBenefit } from '../../../../shared/contracts/insurance';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSaveBenefit } from '../../../lib/api/insurance';

type BenefitFormInput = z.input<typeof InsuranceBenefitFields>;
type BenefitFormValues = z.output<typeof InsuranceBenefitFields>;

/** What the benefit dialog is doing: adding a row to a plan, or editing one. */
export type BenefitEdit = { insuranceId: number; benefit: null } | { insuranceId: number; benefit: InsuranceBenefit };

interface BenefitDialogProps {
  edit: BenefitEdit | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function BenefitDialog({ edit, onClose, onCloseAutoFocus }: BenefitDialogProps) {
  const save = useSaveBenefit();
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.benefit ? 'Edit Benefit' : 'Add Benefit'}</DialogTitle>
          <DialogDescription>As your plan words it, e.g. '$25 copay' or '70% after deductible'.</DialogDescription>
          <BenefitForm edit={edit} save={save} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

const FIELDS = [
  ['serviceName', 'Service', 'e.g. Specialist visit'],
  ['inNetworkCoverage', 'In-Network Coverage', 'e.g. $50 copay'],
  ['outOfNetworkCoverage', 'Out-of-Network Coverage', 'e.g. 60% after deductible'],
] as const;

function BenefitForm({ edit, save, onDone }: { edit: BenefitEdit; save: ReturnType<typeof useSaveBenefit>; onDone(): void }) {
  const form = useForm<BenefitFormInput, unknown, BenefitFormValues>({
    resolver: zodResolver(InsuranceBenefitFields),
    defaultValues: edit.benefit ?? { serviceName: '', inNetworkCoverage: '', outOfNetworkCoverage: '' },
  });

  function submit(values: BenefitFormValues) {
    if (save.isPending) return;
    const request = edit.benefit
      ? { benefitId: edit.benefit.id, body: values }
      : { benefitId: null, body: { insuranceId: edit.insuranceId, ...values } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({
          title: 'Benefit saved',
          description: edit.benefit ? `${saved.serviceName} has been updated.` : `${saved.serviceName} has been added to your benefits.`,
        });
        onDone();
      },
      onError: (error) =>
        toast({ title: 'Error', description: `Failed to save benefit: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        {FIELDS.map(([name, label, placeholder]) => (
          <TextFormField key={name} control={form.control} name={name} label={label} input={{ autoComplete: 'off', maxLength: 200, placeholder }} />
        ))}
        <DialogFormButtons saveLabel="Save Benefit" pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  );
}
