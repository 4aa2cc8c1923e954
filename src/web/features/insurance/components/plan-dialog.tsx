import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InsurancePlanForm, type InsurancePlan } from '../../../../shared/contracts/insurance';
import { DEFAULT_PLAN_TYPE, PLAN_TYPES } from '../../../../shared/rules/insurance';
import { usePatientId } from '../../../lib/patient-id';
import { DatePicker } from '../../../components/ui/date-picker';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSaveInsurancePlan } from '../../../lib/api/insurance';

type PlanFormInput = z.input<typeof InsurancePlanForm>;
type PlanFormValues = z.output<typeof InsurancePlanForm>;

const AMOUNT_FIELDS = [
  ['deductible', 'Deductible'],
  ['deductibleMet', 'Deductible Met'],
  ['outOfPocketMax', 'Out-of-Pocket Maximum'],
  ['outOfPocketMet', 'Out-of-Pocket Met'],
] as const;

function startingValues(plan: InsurancePlan | null): PlanFormInput {
  if (!plan) {
    return { provider: '', memberId: '', groupNumber: '', planType: DEFAULT_PLAN_TYPE, effectiveDate: '', deductible: '', deductibleMet: '', outOfPocketMax: '', outOfPocketMet: '' };
  }
  const { provider, memberId, groupNumber, planType, effectiveDate, deductible, deductibleMet, outOfPocketMax, outOfPocketMet } = plan;
  return { provider, memberId, groupNumber: groupNumber ?? '', planType, effectiveDate, deductible, deductibleMet, outOfPocketMax, outOfPocketMet };
}

interface PlanDialogProps {
  open: boolean;
  /** The primary plan to edit, or null to add one. */
  plan: InsurancePlan | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function PlanDialog({ open, plan, onClose, onCloseAutoFocus }: PlanDialogProps) {
  const save = useSaveInsurancePlan();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{plan ? 'Edit Insurance Information' : 'Add Insurance Information'}</DialogTitle>
          <DialogDescription>Amounts are in whole dollars; an empty amount counts as $0.</DialogDescription>
          {/* Mounted with the dialog, so each opening starts from the plan as it is stored now. */}
          <PlanForm plan={plan} save={save} onSaved={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface PlanFormProps {
  plan: InsurancePlan | null;
  save: ReturnType<typeof useSaveInsurancePlan>;
  onSaved(): void;
  onCancel(): void;
}

function PlanForm({ plan, save, onSaved, onCancel }: PlanFormProps) {
  const patientId = usePatientId();
  const form = useForm<PlanFormInput, unknown, PlanFormValues>({
    resolver: zodResolver(InsurancePlanForm),
    defaultValues: startingValues(plan),
  });

  function submit(values: PlanFormValues) {
    if (save.isPending) return;
    const request =
      plan === null
        ? { planId: null, body: { userId: patientId, ...values, isPrimary: true } }
        : { planId: plan.id, body: { userId: patientId, ...values } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({
          title: 'Insurance Saved Successfully',
          description: plan
            ? `Your ${saved.provider || 'health insurance'} information has been updated.`
            : `Your ${saved.provider || 'health insurance'} plan has been added.`,
        });
        onSaved();
      },
      onError: (error) => {
        const message = serverMessage(error);
        showServerFieldError(form, error);
        toast({
          title: 'Unable to Save Insurance Data',
          description: `${message}. Please try again or contact support if the problem persists.`,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextFormField
          control={form.control}
          name="provider"
          label="Insurance Provider"
          input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Blue Cross Blue Shield' }}
        />
        <TextFormField control={form.control} name="memberId" label="Member ID" input={{ autoComplete: 'off', maxLength: 100 }} />
        <TextFormField control={form.control} name="groupNumber" label="Group Number (optional)" input={{ autoComplete: 'off', maxLength: 100 }} />
        <SelectFormField control={form.control} name="planType" label="Plan Type" options={PLAN_TYPES} />
        <FormField
          control={form.control}
          name="effectiveDate"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Effective Date</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {AMOUNT_FIELDS.map(([name, label]) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{label} ($)</FormLabel>
                <FormControl>
                  <Input
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder="0"
                    value={typeof field.value === 'number' ? field.value : ''}
                    // '' stays '' (it counts as 0); anything else goes to the schema as the number it reads as.
                    onChange={(event) => field.onChange(event.target.value === '' ? '' : event.target.valueAsNumber)}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <DialogFormButtons className="sm:col-span-2" saveLabel="Save Changes" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
