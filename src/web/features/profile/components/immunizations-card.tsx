import { Syringe } from 'lucide-react';
import { useState } from 'react';
import type { Immunization } from '../../../../shared/contracts/immunizations';
import { formatDate } from '../../../../shared/rules/formats';
import { useDeleteImmunization } from '../../../lib/api/immunizations';
import { usePatientId } from '../../../lib/patient-id';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { Codes, DetailLine, HealthListCard, ItemTitle, RemoveItemDialog } from './health-list-parts';
import { IMMUNIZATION_WORDS, ImmunizationDialog, type ImmunizationEdit } from './immunization-dialog';

const HEADING_ID = 'immunizations-heading';

interface ImmunizationsCardProps {
  /** undefined while loading. */
  immunizations: Immunization[] | undefined;
  failed: boolean;
}

/** The vaccines the patient has had, the latest first (issue 34); preventative care counts them. */
export function ImmunizationsCard({ immunizations, failed }: ImmunizationsCardProps) {
  const patientId = usePatientId();
  const removal = useDeleteImmunization(patientId);
  const [editing, setEditing] = useState<ImmunizationEdit | null>(null);
  const [removing, setRemoving] = useState<Immunization | null>(null);
  const focus = useReturnFocus(HEADING_ID);

  return (
    <HealthListCard
      headingId={HEADING_ID}
      title="Immunizations"
      description="Vaccines you have had, the latest first; your recommended care counts them."
      words={IMMUNIZATION_WORDS}
      items={immunizations}
      failed={failed}
      empty={{ icon: Syringe, title: 'No immunizations yet', description: 'Add the vaccines you have had, with the day each was given.' }}
      nameOf={(immunization) => immunization.vaccine}
      renderItem={(immunization) => <ImmunizationLines immunization={immunization} />}
      onAdd={() => {
        focus.remember();
        setEditing({ immunization: null });
      }}
      onEdit={(immunization) => {
        focus.remember();
        setEditing({ immunization });
      }}
      onRemove={(immunization) => {
        focus.remember();
        setRemoving(immunization);
      }}
    >
      <ImmunizationDialog edit={editing} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <RemoveItemDialog
        item={removing && { id: removing.id, name: removing.vaccine }}
        words={IMMUNIZATION_WORDS}
        removal={removal}
        onClose={() => setRemoving(null)}
        onCloseAutoFocus={focus.restore}
      />
    </HealthListCard>
  );
}

function ImmunizationLines({ immunization }: { immunization: Immunization }) {
  const { vaccine, date, doseNumber, site, performer, lotNumber, note, codes } = immunization;
  return (
    <>
      <ItemTitle name={vaccine} />
      <DetailLine parts={[`Given ${formatDate(date)}`, doseNumber !== null && `Dose ${doseNumber}`]} />
      <DetailLine parts={[site, performer && `By ${performer}`, lotNumber && `Lot ${lotNumber}`]} />
      {note && <p className="whitespace-pre-line break-words">{note}</p>}
      <Codes codes={codes} />
    </>
  );
}
