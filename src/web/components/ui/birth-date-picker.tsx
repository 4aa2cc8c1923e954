import type { ComponentProps } from 'react';
import { EARLIEST_BIRTH_DATE } from '../../../shared/contracts/users';
import { toCalendarDate } from '../../lib/calendar-dates';
import { DatePicker } from './date-picker';

type BirthDatePickerProps = Omit<ComponentProps<typeof DatePicker>, 'yearPicker' | 'fromDate' | 'toDate' | 'disablePast'>;

/** A date of birth: the days the contract accepts (1900 to today), with month and year drop-downs to get there. */
export function BirthDatePicker(props: BirthDatePickerProps) {
  return <DatePicker yearPicker fromDate={EARLIEST_BIRTH_DATE} toDate={toCalendarDate(new Date())} {...props} />;
}
