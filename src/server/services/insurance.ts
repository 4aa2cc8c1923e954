import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateInsurancePlanBody, UpdateInsurancePlanBody } from '../../shared/contracts/insurance';
import type { Database } from '../db/client';
import { insuranceBenefits, insurancePlans } from '../db/schema/index';
import { conflict, notFound } from '../http/errors';
import { recordActivity } from './activity-log';

type NewPlan = Omit<z.output<typeof CreateInsurancePlanBody>, 'userId'>;
type PlanChanges = Omit<z.output<typeof UpdateInsurancePlanBody>, 'userId'>;

const PRIMARY_EXISTS = 'A primary insurance plan already exists; edit it instead';

export function listInsurancePlans(db: Database, userId: number) {
  return db
    .select()
    .from(insurancePlans)
    .where(eq(insurancePlans.userId, userId))
    .orderBy(desc(insurancePlans.isPrimary), asc(insurancePlans.id));
}

export async function createInsurancePlan(db: Database, userId: number, input: NewPlan) {
  return db.transaction(async (tx) => {
    if (input.isPrimary && (await findPrimaryPlanId(tx, userId)) !== null) throw conflict(PRIMARY_EXISTS);
    const [plan] = await tx
      .insert(insurancePlans)
      .values({ ...input, userId })
      .returning();
    if (!plan) throw new Error('insert returned no row');
    await recordActivity(tx, {
      userId,
      activityType: 'insurance_added',
      description: `Added ${plan.provider} insurance plan`,
      iconType: 'health_and_safety',
      relatedItemId: plan.id,
    });
    return plan;
  });
}

export async function updateInsurancePlan(db: Database, userId: number, id: number, changes: PlanChanges) {
  return db.transaction(async (tx) => {
    const existing = await findPlan(tx, userId, id);
    if (changes.isPrimary && !existing.isPrimary) {
      const otherPrimary = await findPrimaryPlanId(tx, userId, id);
      if (otherPrimary !== null) throw conflict(PRIMARY_EXISTS);
    }
    const [plan] = await tx
      .update(insurancePlans)
      .set(changes)
      .where(and(eq(insurancePlans.id, id), eq(insurancePlans.userId, userId)))
      .returning();
    if (!plan) throw notFound('Insurance plan not found');
    await recordActivity(tx, {
      userId,
      activityType: 'insurance_updated',
      description: `Updated ${plan.provider} insurance information`,
      iconType: 'health_and_safety',
      relatedItemId: plan.id,
    });
    return plan;
  });
}

export async function listInsuranceBenefits(db: Database, userId: number, insuranceId: number) {
  await findPlan(db, userId, insuranceId);
  return db
    .select()
    .from(insuranceBenefits)
    .where(eq(insuranceBenefits.insuranceId, insuranceId))
    .orderBy(asc(insuranceBenefits.id));
}

/** The user's plan with this id, or a 404: another user's plan does not exist for this patient. */
export async function findPlan(db: Database, userId: number, id: number) {
  const [plan] = await db
    .select()
    .from(insurancePlans)
    .where(and(eq(insurancePlans.id, id), eq(insurancePlans.userId, userId)));
  if (!plan) throw notFound('Insurance plan not found');
  return plan;
}

async function findPrimaryPlanId(db: Database, userId: number, exceptId?: number): Promise<number | null> {
  const conditions = [eq(insurancePlans.userId, userId), eq(insurancePlans.isPrimary, true)];
  if (exceptId !== undefined) conditions.push(ne(insurancePlans.id, exceptId));
  const [plan] = await db
    .select({ id: insurancePlans.id })
    .from(insurancePlans)
    .where(and(...conditions));
  return plan?.id ?? null;
}
