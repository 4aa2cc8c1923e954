import type { Intent } from '../intent';
import type { PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { longDate } from './phrasing';

// The patient's medical records: how many, and the latest.

function recordsAnswer(facts: PatientFacts): string {
  const { count, latest } = facts.records;
  if (count === 0 || !latest) {
    return "You don't have any medical records on file yet. To add one, go to Medical Records → Upload New Record (PDF, JPG or PNG, up to 20 MB).";
  }
  const description = latest.description ? ` ("${latest.description}")` : '';
  return (
    `You have ${count} medical ${count === 1 ? 'record' : 'records'} on file. The latest is ${latest.filename}${description}, ` +
    `uploaded on ${longDate(latest.uploadDate)}. You can view and download them under Medical Records.`
  );
}

export const records: Intent = {
  id: 'records',
  matches: anyOf(/\b(records?|documents?|files?|uploaded|uploads|reports?)\b/, /\b(lab|test|blood) (results?|work|tests?)\b/),
  answer: recordsAnswer,
  aboutHealth: false,
};
