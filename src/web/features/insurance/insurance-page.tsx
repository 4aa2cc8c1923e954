import { useQuery } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useState } from 'react';
import { insuranceDocumentDescription } from '../../../shared/rules/insurance';
import { usePatientId } from '../../lib/patient-id';
import { UploadCard } from '../../components/documents/on-demand';
import { Button } from '../../components/ui/button';
import { insurancePlansQuery } from '../../lib/api/insurance';
import type { UploadToasts } from '../../lib/api/upload-medical-record';
import { useIgnoreStrayDrops } from '../../lib/use-ignore-stray-drops';
import { useReturnFocus } from '../../lib/use-return-focus';
import { BenefitsCard } from './components/benefits-card';
import { CoverageCard } from './components/coverage-card';
import { InsuranceDocumentsCard } from './components/insurance-documents-card';
import { PlanDialog } from './components/plan-dialog';
import { PRIMARY_INSURANCE_HEADING, PrimaryInsuranceCard } from './components/primary-insurance-card';

const uploadToasts: UploadToasts = {
  uploaded: () => ({ title: 'Success', description: 'Insurance document uploaded successfully' }),
  failed: (message) => ({ title: 'Error', description: `Failed to upload document: ${message}`, variant: 'destructive' }),
};

/** 'Insurance document: ' takes 20 of the description's 1,000 characters. */
const DESCRIPTION_ROOM = 1000 - insuranceDocumentDescription('x').length + 1;

export default function InsurancePage() {
  const patientId = usePatientId();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [planDialogOpen, setPlanDialogOpen] = useState(false);
  const plans = useQuery(insurancePlansQuery(patientId));
  // The screen shows the primary plan (part 1 §7 (docs/product.md#part-1-7)); undefined while loading, null when there is none.
  const primary = plans.data ? (plans.data.find((plan) => plan.isPrimary) ?? null) : undefined;
  const focus = useReturnFocus(PRIMARY_INSURANCE_HEADING);
  useIgnoreStrayDrops();

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Insurance Information</h1>
          <p className="mt-1 text-muted-foreground">Your plan, what it covers, and its documents</p>
        </div>
        <Button onClick={() => setUploadOpen((open) => !open)} aria-expanded={uploadOpen} variant={uploadOpen ? 'outline' : 'default'}>
          {uploadOpen ? <X aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {uploadOpen ? 'Cancel Upload' : 'Upload Document'}
        </Button>
      </div>

      {uploadOpen && (
        <UploadCard
          title="Upload Insurance Document"
          submitLabel="Upload Document"
          toasts={uploadToasts}
          insuranceId={primary?.id}
          describe={insuranceDocumentDescription}
          descriptionMaxLength={DESCRIPTION_ROOM}
          descriptionPlaceholder="e.g. 2026 insurance card, front"
        />
      )}

      <PrimaryInsuranceCard
        plan={plans.isError ? undefined : primary}
        failed={plans.isError}
        onEdit={() => {
          focus.remember();
          setPlanDialogOpen(true);
        }}
      />
      <InsuranceDocumentsCard />
      <CoverageCard plan={plans.isError ? null : primary} />
      <BenefitsCard plan={plans.isError ? null : primary} />

      <PlanDialog open={planDialogOpen} plan={primary ?? null} onClose={() => setPlanDialogOpen(false)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}
