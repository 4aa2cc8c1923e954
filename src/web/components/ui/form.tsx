import { Slot } from 'radix-ui';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ComponentProps,
  type Dispatch,
  type SetStateAction,
} from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Label } from './label';

/**
 * react-hook-form in the shadcn shape: <Form {...useForm()}> around FormField → FormItem → FormLabel, FormControl,
 * FormDescription, FormMessage. The control gets the label, description and message by id (aria-labelledby,
 * aria-describedby) and aria-invalid, pointing only at the parts that are on screen.
 */
export const Form = FormProvider;

const FieldNameContext = createContext<string | null>(null);

export function FormField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>(
  props: ControllerProps<Values, Name, Transformed>,
) {
  return (
    <FieldNameContext.Provider value={props.name}>
      <Controller {...props} />
    </FieldNameContext.Provider>
  );
}

interface ItemContext {
  id: string;
  hasLabel: boolean;
  hasDescription: boolean;
  setParts: Dispatch<SetStateAction<{ hasLabel: boolean; hasDescription: boolean }>>;
}

const ItemContext = createContext<ItemContext | null>(null);

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  // Which parts are rendered, so that the control never points at an id that is not in the page.
  const [parts, setParts] = useState({ hasLabel: false, hasDescription: false });
  const value = useMemo(() => ({ id, ...parts, setParts }), [id, parts]);
  return (
    <ItemContext.Provider value={value}>
      <div className={cn('space-y-2', className)} {...props} />
    </ItemContext.Provider>
  );
}

function useRenderedPart(part: 'hasLabel' | 'hasDescription') {
  const setParts = useContext(ItemContext)?.setParts;
  useEffect(() => {
    setParts?.((parts) => ({ ...parts, [part]: true }));
    return () => setParts?.((parts) => ({ ...parts, [part]: false }));
  }, [setParts, part]);
}

/** The field's ids and its state; for controls that need more than FormControl gives them. */
export function useFormField() {
  const name = useContext(FieldNameContext);
  const item = useContext(ItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: name ?? '' });
  if (!name || !item) throw new Error('useFormField outside <FormField> and <FormItem>');
  const { id } = item;
  return {
    name,
    ...getFieldState(name, formState),
    controlId: `${id}-control`,
    labelId: `${id}-label`,
    descriptionId: `${id}-description`,
    messageId: `${id}-message`,
    hasLabel: item.hasLabel,
    hasDescription: item.hasDescription,
  };
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, controlId, labelId } = useFormField();
  useRenderedPart('hasLabel');
  return <Label id={labelId} htmlFor={controlId} data-error={!!error || undefined} className={cn('data-[error]:text-destructive', className)} {...props} />;
}

/** Puts the ids and the invalid state on its one child, the input, select, checkbox or date picker. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, controlId, labelId, descriptionId, messageId, hasLabel, hasDescription } = useFormField();
  const describedBy = [hasDescription && descriptionId, error && messageId].filter(Boolean).join(' ');
  return (
    <Slot.Root
      id={controlId}
      // Also for controls a <label for> cannot name (a radio group, the date picker's button beside its value).
      aria-labelledby={hasLabel ? labelId : undefined}
      aria-describedby={describedBy || undefined}
      aria-invalid={!!error || undefined}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useFormField();
  useRenderedPart('hasDescription');
  return <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's error, worded by its zod schema; the contracts' messages start in lower case, as they follow a field name. */
export function FormMessage({ className, ...props }: Omit<ComponentProps<'p'>, 'children'>) {
  const { error, messageId } = useFormField();
  if (!error?.message) return null;
  return (
    <p id={messageId} className={cn('text-sm font-medium text-destructive first-letter:uppercase', className)} {...props}>
      {error.message}
    </p>
  );
}
