import { formatDollars, percentOf } from '../../../../shared/rules/formats';
import type { Intent } from '../intent';
import { mentionedNames } from '../mentioned-names';
import type { BenefitFact, PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { andList } from './phrasing';

// The patient's insurance: what the plan covers for a service, and how far the deductible and out-of-pocket maximum
// are met. Coverage is tried before costs ("is the ER covered after my deductible" asks about coverage).

/** The last line of every answer about coverage and costs. */
export const INSURER_HAS_FINAL_WORD = "Your insurer has the final word on what's covered and what you'll pay.";

function planName(plan: NonNullable<PatientFacts['plan']>): string {
  return `${plan.provider} ${plan.planType} plan`;
}

const coverage = (benefit: BenefitFact) =>
  `${benefit.serviceName}: ${benefit.inNetworkCoverage} in network, ${benefit.outOfNetworkCoverage} out of network`;

function benefitsAnswer(facts: PatientFacts, question: string): string {
  const { plan } = facts;
  if (!plan) return "You don't have an insurance plan on file yet, so I can't look up your coverage. You can add your plan under Insurance.";
  if (plan.benefits.length === 0) {
    return `No benefits are listed for your ${planName(plan)} yet. You can add them under Insurance, or ask ${plan.provider} directly. ${INSURER_HAS_FINAL_WORD}`;
  }
  const named = mentionedNames(question, plan.benefits, (benefit) => benefit.serviceName);
  if (named.length > 0) {
    return `Your ${planName(plan)} lists ${named.map(coverage).join('; ')}. ${INSURER_HAS_FINAL_WORD}`;
  }
  const services = andList.format(plan.benefits.map((benefit) => benefit.serviceName));
  return `I couldn't find that service among your plan's benefits. Your ${planName(plan)} lists: ${services}. Ask me about one of these, or check with ${plan.provider}. ${INSURER_HAS_FINAL_WORD}`;
}

export const planBenefits: Intent = {
  id: 'plan-benefits',
  matches: anyOf(
    /\b(cover|covers|covered|coverage|benefit|benefits|copay|copays|co pay|coinsurance|co insurance|in network|out of network)\b/,
    /\bhow much (does|do|is|will|would|did)\b.{0,40}\b(cost|costs|pay)\b/,
    /\b(cost of|pay for)\b/,
  ),
  answer: benefitsAnswer,
  aboutHealth: false,
};

const progress = (what: string, met: number, total: number, left: string) =>
  total <= 0
    ? `No ${what} is on file for it.`
    : met >= total
      ? `${what[0]!.toUpperCase()}${what.slice(1)}: ${formatDollars(total)}, met in full.`
      : `${what[0]!.toUpperCase()}${what.slice(1)}: ${formatDollars(met)} of ${formatDollars(total)} met (${percentOf(met, total)}%), ${formatDollars(total - met)} ${left}.`;

function insuranceCostsAnswer(facts: PatientFacts): string {
  const { plan } = facts;
  if (!plan) return "You don't have an insurance plan on file yet. You can add yours under Insurance.";
  return [
    `From your ${planName(plan)}:`,
    progress('deductible', plan.deductibleMet, plan.deductible, 'left to meet'),
    progress('out-of-pocket maximum', plan.outOfPocketMet, plan.outOfPocketMax, 'left before you reach it'),
    INSURER_HAS_FINAL_WORD,
  ].join(' ');
}

export const insuranceCosts: Intent = {
  id: 'insurance-costs',
  matches: anyOf(/\bdeductible/, /\bout of pocket\b/, /\boop\b/, /\b(insurance|insurer|health plan|my plan|policy)\b/, /\bhow much (have|did) i (paid|pay|spent|spend)\b/),
  answer: insuranceCostsAnswer,
  aboutHealth: false,
};
