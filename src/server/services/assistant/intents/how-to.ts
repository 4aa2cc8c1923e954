import type { Intent } from '../intent';
import { anyOf, ASKS_HOW } from '../reading';

// How to do something in the app: upload a record, add an appointment to a calendar, cancel or book one. Tried before
// the patient's data they name ("how do I upload a record" is not "what records do I have").

const HOW_TO_UPLOAD =
  'To upload a record, go to Medical Records and choose Upload New Record, then pick a PDF, JPG or PNG file (up to 20 MB) and add a short description if you like. Insurance documents can also be uploaded from the Insurance page.';

export const howToUpload: Intent = {
  id: 'how-to-upload',
  matches: (text) =>
    /^upload\b/.test(text) ||
    (ASKS_HOW.test(text) && anyOf(/\bupload\b/, /\b(add|store|save|scan|attach|put)\b.{0,30}\b(records?|documents?|files?|reports?|results?|pdfs?|scans?)\b/)(text)),
  answer: () => HOW_TO_UPLOAD,
  aboutHealth: false,
};

const HOW_TO_CALENDAR =
  "To add an appointment to your calendar, open Appointments and choose Add to calendar on that appointment. It downloads an .ics file, which Google Calendar, Outlook and Apple Calendar can all open or import.";

export const howToCalendar: Intent = {
  id: 'how-to-calendar',
  matches: anyOf(
    /\b(ics|ical|icalendar)\b/,
    /\bexport\b.{0,30}\b(appointments?|calendar|visits?)\b/,
    /\b(appointments?|calendar|visits?)\b.{0,30}\bexport/,
    /\b(add|sync|download|put|save|import|get)\b.{0,40}\bcalendar\b/,
    /\bcalendar (file|invite|export)\b/,
  ),
  answer: () => HOW_TO_CALENDAR,
  aboutHealth: false,
};

const HOW_TO_CANCEL =
  'To cancel an appointment, open Appointments and choose Cancel on it. To move it, cancel it and book the new time under Appointments → Schedule New.';

export const howToCancel: Intent = {
  id: 'how-to-cancel',
  matches: anyOf(/\b(cancel|reschedule|move|change)\b.{0,30}\b(appointment|appointments|appt|visit)\b/),
  answer: () => HOW_TO_CANCEL,
  aboutHealth: false,
};

const HOW_TO_BOOK =
  'To book an appointment, go to Appointments → Schedule New, choose the provider, the type of visit, a date and a time, and confirm. For an overdue or due care item, the Schedule button on Preventative Care fills in the details for you.';

export const howToBook: Intent = {
  id: 'how-to-book',
  matches: (text) =>
    /\b(schedule new|new appointment)\b/.test(text) ||
    ((ASKS_HOW.test(text) || /^(book|schedule|make)\b/.test(text)) &&
      /\b(book|schedule|make|set up|arrange|request|get)\b.{0,30}\b(appointments?|appt|visit|checkup|check up|exam|physical|cleaning)\b/.test(text)),
  answer: () => HOW_TO_BOOK,
  aboutHealth: false,
};
