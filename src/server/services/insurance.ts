import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  InsuranceBenefit,
  InsurancePlan,
  type CreateInsuranceBenefitBody,
  type CreateInsurancePlanBody,
  type UpdateInsuranceBenefitBody,
  type UpdateInsurancePlanBody,
} from '../../shared/contracts/insurance';
import { metAboveTotal } from '../../shared/rules/insurance';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { insuranceBenefits, insurancePlans } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest, conflict } from '../core/errors';
import { recordActivity } from './activity-log';

type NewPlan = Omit<z.output<typeof CreateInsurancePlanBody>, 'userId'>;
type PlanChanges = Omit<z.output<typeof UpdateInsurancePlanBody>, 'userId'>;
type NewBenefit = z.output<typeof CreateInsuranceBenefitBody>;
type BenefitChanges = z.output<typeof UpdateInsuranceBenefitBody>;

const PRIMARY_EXISTS = 'A primary insurance plan already exists; edit it instead';

const primaryPlanFirst = jsonList(insurancePlans, InsurancePlan, [desc(insurancePlans.isPrimary), asc(insurancePlans.id)]);
const benefitsInOrder = jsonList(insuranceBenefits, InsuranceBenefit, [asc(insuranceBenefits.id)]);

export function listInsurancePlans(db: Database, patient: Patient) {
  return primaryPlanFirst.read(db, ownRows(insurancePlans, patient));
}

export async function createInsurancePlan(db: Database, patient: Patient, input: NewPlan) {
  return db.transaction((tx) => addPlan(tx, patient, input));
}

export async function updateInsurancePlan(db: Database, patient: Patient, id: number, changes: PlanChanges) {
  return db.transaction((tx) => changePlan(tx, patient, id, changes));
}

/**
 * The one way a plan is added: the plan and its 'insurance_added' activity, inside the caller's transaction
 * (`tx`), so that they commit together with whatever else the caller writes, or not at all.
 */
export async function addPlan(tx: Database, patient: Patient, input: NewPlan) {
  if (input.isPrimary && (await findPrimaryPlanId(tx, patient)) !== null) throw conflict(PRIMARY_EXISTS);
  const [plan] = await tx
    .insert(insurancePlans)
    .values({ ...input, userId: patient.id })
    .returning();
  if (!plan) throw new Error('insert returned no row');
  await recordActivity(tx, patient, 'insurance_added', { provider: plan.provider }, plan.id);
  return plan;
}

/** The one way a plan is changed: the change and its 'insurance_updated' activity, inside the caller's transaction. */
export async function changePlan(tx: Database, patient: Patient, id: number, changes: PlanChanges) {
  // Locked until the transaction ends: two edits at once each check the met rule against the plan the other left.
  const existing = foundOr404(await tx.select().from(insurancePlans).where(ownRow(insurancePlans, patient, id)).for('update'), 'Insurance plan');
  // The body may change a met amount or its total alone: the rule holds for the plan as it would be stored.
  const [problem] = metAboveTotal({ ...existing, ...changes });
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
  if (changes.isPrimary && !existing.isPrimary) {
    const otherPrimary = await findPrimaryPlanId(tx, patient, id);
    if (otherPrimary !== null) throw conflict(PRIMARY_EXISTS);
  }
  const plan = foundOr404(
    await tx.update(insurancePlans).set(changes).where(ownRow(insurancePlans, patient, id)).returning(),
    'Insurance plan',
  );
  await recordActivity(tx, patient, 'insurance_updated', { provider: plan.provider }, plan.id);
  return plan;
}

export async function listInsuranceBenefits(db: Database, patient: Patient, insuranceId: number) {
  await findPlan(db, patient, insuranceId);
  return benefitsInOrder.read(db, eq(insuranceBenefits.insuranceId, insuranceId));
}

export async function createInsuranceBenefit(db: Database, patient: Patient, { insuranceId, ...benefit }: NewBenefit) {
  await findPlan(db, patient, insuranceId);
  const [created] = await db
    .insert(insuranceBenefits)
    .values({ ...benefit, insuranceId })
    .returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function updateInsuranceBenefit(db: Database, patient: Patient, id: number, changes: BenefitChanges) {
  return foundOr404(await db.update(insuranceBenefits).set(changes).where(ownBenefit(db, patient, id)).returning(), 'Benefit');
}

export async function deleteInsuranceBenefit(db: Database, patient: Patient, id: number) {
  foundOr404(await db.delete(insuranceBenefits).where(ownBenefit(db, patient, id)).returning({ id: insuranceBenefits.id }), 'Benefit');
}

/** A benefit is the patient's when its plan is: another user's benefit matches nothing, like a missing one. */
function ownBenefit(db: Database, patient: Patient, id: number) {
  const patientsPlans = db.select({ id: insurancePlans.id }).from(insurancePlans).where(ownRows(insurancePlans, patient));
  return and(eq(insuranceBenefits.id, id), inArray(insuranceBenefits.insuranceId, patientsPlans))!;
}

/** The patient's plan with this id, or a 404: another user's plan does not exist for this patient. */
export async function findPlan(db: Database, patient: Patient, id: number) {
  return foundOr404(await db.select().from(insurancePlans).where(ownRow(insurancePlans, patient, id)), 'Insurance plan');
}

export async function findPrimaryPlanId(db: Database, patient: Patient, exceptId?: number): Promise<number | null> {
  const conditions = [ownRows(insurancePlans, patient), eq(insurancePlans.isPrimary, true)];
  if (exceptId !== undefined) conditions.push(ne(insurancePlans.id, exceptId));
  const [plan] = await db
    .select({ id: insurancePlans.id })
    .from(insurancePlans)
    .where(and(...conditions));
  return plan?.id ?? null;
}
