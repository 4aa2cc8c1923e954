import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CreateInsuranceBenefitBody,
  CreateInsurancePlanBody,
  InsuranceBenefit,
  InsurancePlan,
  UpdateInsuranceBenefitBody,
  UpdateInsurancePlanBody,
} from '../../../shared/contracts/insurance';
import { apiRequest } from '../api-client';
import { usePatientId } from '../patient-id';
import { activitiesKey } from './activities';

/** The patient's plans, the primary first; the insurance screen and onboarding read it. */
export const insurancePlansQuery = (userId: number) =>
  queryOptions({
    queryKey: ['insurance', userId],
    queryFn: () => apiRequest<InsurancePlan[]>('GET', `/api/insurance/${userId}`),
  });

/** Every benefit list, whichever plan: invalidated as one after a benefit changes. */
const benefitsKey = ['insurance-benefits'] as const;

export const benefitsQuery = (insuranceId: number) =>
  queryOptions({
    queryKey: [...benefitsKey, insuranceId],
    queryFn: () => apiRequest<InsuranceBenefit[]>('GET', `/api/insurance/benefits/${insuranceId}`),
  });

/** The dialog's save: a new plan when the patient has no primary one, else a change of it (part 1 §4 (docs/product.md#part-1-4)). */
export type SavePlan = { planId: null; body: CreateInsurancePlanBody } | { planId: number; body: UpdateInsurancePlanBody };

export function useSaveInsurancePlan() {
  const patientId = usePatientId();
  return useMutation({
    mutationFn: ({ planId, body }: SavePlan) =>
      planId === null
        ? apiRequest<InsurancePlan>('POST', '/api/insurance', body)
        : apiRequest<InsurancePlan>('PATCH', `/api/insurance/${planId}`, body),
    meta: { invalidates: [insurancePlansQuery(patientId).queryKey, activitiesKey(patientId)] },
  });
}

/** A benefit added, changed or removed; the benefit lists refresh after each, whatever the outcome. */
export type SaveBenefit = { benefitId: null; body: CreateInsuranceBenefitBody } | { benefitId: number; body: UpdateInsuranceBenefitBody };

export function useSaveBenefit() {
  return useMutation({
    mutationFn: ({ benefitId, body }: SaveBenefit) =>
      benefitId === null
        ? apiRequest<InsuranceBenefit>('POST', '/api/insurance/benefits', body)
        : apiRequest<InsuranceBenefit>('PATCH', `/api/insurance/benefits/${benefitId}`, body),
    meta: { invalidates: [benefitsKey] },
  });
}

export function useDeleteBenefit() {
  return useMutation({
    mutationFn: (benefitId: number) => apiRequest<void>('DELETE', `/api/insurance/benefits/${benefitId}`),
    meta: { invalidates: [benefitsKey] },
  });
}
