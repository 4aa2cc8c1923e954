import type { UseMutationResult } from '@tanstack/react-query';
import { Plus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CODE_SYSTEMS, type Coding } from '../../../../shared/rules/codes';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DatePicker } from '../../../components/ui/date-picker';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { showServerFieldError, type FieldErrorTarget } from '../../../components/ui/server-field-error';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';

// What the three health lists of My Profile (issue 34: conditions, allergies, immunizations) have in common: the
// card around a list, a row's codes, a date field of their dialogs, a choice that may be "not known", and the removal.

/** What a list's words call one item and several: 'condition' and 'conditions'. */
export interface ListWords {
  one: string;
  many: string;
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

interface HealthListCardProps<Item extends { id: number }> {
  headingId: string;
  title: string;
  description: string;
  words: ListWords;
  /** undefined while loading. */
  items: Item[] | undefined;
  failed: boolean;
  empty: { icon: LucideIcon; title: string; description: string };
  nameOf(item: Item): string;
  /** The row's own lines: its name, badges and details. */
  renderItem(item: Item): ReactNode;
  onAdd(): void;
  onEdit(item: Item): void;
  onRemove(item: Item): void;
  /** The card's dialogs. */
  children: ReactNode;
}

/** A card of one health list: its heading, the items with edit and remove, an empty state, and Add. */
export function HealthListCard<Item extends { id: number }>({
  headingId,
  title,
  description,
  words,
  items,
  failed,
  empty,
  nameOf,
  renderItem,
  onAdd,
  onEdit,
  onRemove,
  children,
}: HealthListCardProps<Item>) {
  const addButton = (variant: 'outline' | 'default') => (
    <Button variant={variant} size={variant === 'outline' ? 'sm' : 'default'} onClick={onAdd}>
      <Plus aria-hidden="true" />
      Add {words.one}
    </Button>
  );
  return (
    <Card aria-busy={!failed && !items}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 flex-1 basis-60 space-y-1.5">
          <CardTitle id={headingId} tabIndex={-1} className="outline-none">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {items && items.length > 0 && addButton('outline')}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your {words.many} right now.</p>
        ) : !items ? (
          <div className="space-y-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={addButton('default')} />
        ) : (
          <ul aria-labelledby={headingId} className="-my-3 divide-y">
            {items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-2 py-3">
                <div className="min-w-0 space-y-1 text-sm">{renderItem(item)}</div>
                <RowActions name={nameOf(item)} onEdit={() => onEdit(item)} onRemove={() => onRemove(item)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {children}
    </Card>
  );
}

/** A row's first line: the item's name and its badges, wrapping on a narrow screen. */
export function ItemTitle({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <p className="min-w-0 break-words font-medium">{name}</p>
      {children}
    </div>
  );
}

/** A row's line of details, shown only when there is one; the parts are joined by a dot. */
export function DetailLine({ parts }: { parts: ReadonlyArray<string | null | false | undefined> }) {
  const shown = parts.filter((part): part is string => !!part);
  if (shown.length === 0) return null;
  return <p className="break-words text-muted-foreground">{shown.join(' · ')}</p>;
}

/** The code systems a patient may recognise, by their short names; another system's code shows as 'Code …'. */
const SYSTEM_NAMES: Readonly<Record<string, string>> = {
  [CODE_SYSTEMS.snomed]: 'SNOMED',
  [CODE_SYSTEMS.icd10]: 'ICD-10',
  [CODE_SYSTEMS.cvx]: 'CVX',
  [CODE_SYSTEMS.rxnorm]: 'RxNorm',
};

/** 'SNOMED 44054006'. */
export const codeWords = (coding: Coding) => `${SYSTEM_NAMES[coding.system] ?? 'Code'} ${coding.code}`;

/** An item's codes, small, as the record that coded it sent them; nothing for an item the patient typed. */
export function Codes({ codes }: { codes: readonly Coding[] }) {
  if (codes.length === 0) return null;
  return <p className="break-words text-xs text-muted-foreground">{codes.map(codeWords).join(' · ')}</p>;
}

/** The value of a choice that may be left unknown (a null field). */
export const NOT_KNOWN = 'not-known';

/** The options of such a choice: 'Not known' first, then each value with its words. */
export function optionsWithNotKnown<Value extends string>(values: readonly Value[], labels: Readonly<Record<Value, string>>) {
  return [{ value: NOT_KNOWN, label: 'Not known' }, ...values.map((value) => ({ value, label: labels[value] }))];
}

export const toKnownOption = (value: unknown) => (typeof value === 'string' && value !== '' ? value : NOT_KNOWN);
export const fromKnownOption = <Value extends string>(option: string) => (option === NOT_KNOWN ? null : (option as Value));

interface DateFieldProps {
  /** The form's field, 'yyyy-MM-dd' or null. */
  name: string;
  label: string;
  description?: string;
  /** Adds Clear once a day is chosen. */
  optional?: boolean;
  fromDate?: string;
  toDate?: string;
}

/** A day of a dialog's form: the project's date picker, with Clear for an optional one. */
export function DateField({ name, label, description, optional = false, fromDate, toDate }: DateFieldProps) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex gap-2">
            <FormControl>
              <DatePicker
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                fromDate={fromDate}
                toDate={toDate}
              />
            </FormControl>
            {optional && field.value && (
              <Button type="button" variant="ghost" onClick={() => field.onChange(null)} aria-label={`Clear ${label.replace(' (optional)', '').toLowerCase()}`}>
                Clear
              </Button>
            )}
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

interface RemoveItemDialogProps {
  /** The item to remove, by id and the name the patient knows it by; null when closed. */
  item: { id: number; name: string } | null;
  words: ListWords;
  removal: UseMutationResult<void, Error, number>;
  /** After the removal, once the lists are fresh. */
  onRemoved?(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Removes an item after asking, and says so in a toast either way. */
export function RemoveItemDialog({ item, words, removal, onRemoved, onClose, onCloseAutoFocus }: RemoveItemDialogProps) {
  function confirm() {
    if (!item || removal.isPending) return;
    removal.mutate(item.id, {
      onSuccess: () => {
        toast({ title: `${capitalized(words.one)} removed`, description: `${item.name} has been removed from your ${words.many}.` });
        onRemoved?.();
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to remove ${words.one}: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={`Remove ${words.one}?`}
      description={item && `This will remove ${item.name} from your ${words.many}.`}
      confirmLabel={`Remove ${capitalized(words.one)}`}
      pending={removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}

/**
 * A dialog's save, add or edit: the mutation, then its toast (in the words of the providers') and `onSaved`; or the
 * server's refusal beside the field it names, and a toast saying why. A second press while it is under way does nothing.
 */
export function saveItem<Request, Saved, Values extends FieldValues>(
  save: UseMutationResult<Saved, Error, Request>,
  request: Request,
  { form, words, nameOf, added, onSaved }: { form: FieldErrorTarget<Values>; words: ListWords; nameOf(saved: Saved): string; added: boolean; onSaved(): void },
): void {
  if (save.isPending) return;
  save.mutate(request, {
    onSuccess: (saved) => {
      const name = nameOf(saved);
      toast({
        title: `${capitalized(words.one)} ${added ? 'added' : 'updated'}`,
        description: added ? `${name} has been added to your ${words.many}.` : `${name} has been updated.`,
      });
      onSaved();
    },
    onError: (error) => {
      showServerFieldError(form, error);
      toast({ title: 'Error', description: `Failed to save ${words.one}: ${serverMessage(error)}`, variant: 'destructive' });
    },
  });
}
