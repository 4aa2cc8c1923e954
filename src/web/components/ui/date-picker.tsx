import { startOfToday } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
// Imported here and nowhere else, so the calendar's CSS loads with the screens that show one.
import 'react-day-picker/style.css';
import './date-picker.css';
import { formatDate } from '../../../shared/rules/formats';
import { cn } from '../../lib/cn';
import { fromCalendarDate, selectableRange, toCalendarDate, type SelectableWindow } from '../../lib/calendar-dates';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

interface DatePickerProps extends SelectableWindow, Omit<ComponentProps<'button'>, 'value' | 'defaultValue' | 'onChange'> {
  /** The chosen day as the contracts carry it, 'yyyy-MM-dd', or '' for none. */
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Month and year as drop-downs, for a day years away (a date of birth); arrows only by default. */
  yearPicker?: boolean;
}

/**
 * A button showing the chosen day ('MMM d, yyyy') that opens a calendar in a popover. In the calendar the arrow
 * keys move by day and week, Page Up/Down by month, Home/End to the week's ends, Enter chooses and closes, Escape
 * closes; focus starts on the chosen day (or today) and returns to the button. Days outside the window cannot be
 * chosen or reached, and the months outside it are not offered.
 */
export function DatePicker({
  value,
  onChange,
  disablePast,
  fromDate,
  toDate,
  placeholder = 'Pick a date',
  yearPicker = false,
  className,
  'aria-labelledby': labelledBy,
  ...props
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const selected = fromCalendarDate(value);
  const { first, last } = selectableRange({ disablePast, fromDate, toDate });
  const disabled: Matcher[] = [...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])];

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          // A <label for> alone would name the button and hide the chosen day; the label and the day together do not.
          aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
          className={cn('w-full justify-start font-normal aria-invalid:border-destructive', className)}
          {...props}
        >
          <CalendarDays aria-hidden="true" className="text-muted-foreground" />
          <span id={valueId} className={cn(!selected && 'text-muted-foreground')}>
            {selected ? formatDate(selected) : placeholder}
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Choose a date"
        align="start"
        className="w-auto p-3"
        // Focus the calendar's own day (the chosen one, else today: the one it makes tabbable) instead of Radix's
        // first focusable, the month button. Done here, not by DayPicker's autoFocus: inside a dialog, that focus
        // comes before this popover's focus scope takes over, and the dialog's scope pulls it back to the trigger.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role="gridcell"] button[tabindex="0"]')?.focus();
        }}
      >
        <DayPicker
          mode="single"
          required
          captionLayout={yearPicker ? 'dropdown' : 'label'}
          selected={selected}
          // With nothing chosen, open on this month (inside the window): not on the window's first month, which
          // for a date of birth is January 1900.
          defaultMonth={selected ?? openingMonth(first, last)}
          startMonth={first}
          endMonth={last}
          disabled={disabled}
          onSelect={(day) => {
            onChange(toCalendarDate(day));
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}

/** Today, or the nearest end of the window when today lies outside it. */
function openingMonth(first: Date | undefined, last: Date | undefined): Date {
  const today = startOfToday();
  if (first && today < first) return first;
  if (last && today > last) return last;
  return today;
}
