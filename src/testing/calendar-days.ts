import { addDays, format } from 'date-fns';

/** A calendar date some days from now on the machine's calendar, so the tests keep passing in later years. */
export const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');
