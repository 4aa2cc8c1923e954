import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { Allergy } from '../../../../shared/contracts/allergies';
import type { AllergyCriticality } from '../../../../shared/rules/allergies';
import { Badge } from '../../../components/ui/badge';
import { useDeleteAllergy } from '../../../lib/api/allergies';
import { usePatientId } from '../../../lib/patient-id';
import { toneSoft } from '../../../lib/tones';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { ALLERGY_STATUS_LABELS, ALLERGY_TYPE_LABELS, ALLERGY_WORDS, AllergyDialog, SEVERITY_LABELS, type AllergyEdit } from './allergy-dialog';
import { Codes, DetailLine, HealthListCard, ItemTitle, RemoveItemDialog } from './health-list-parts';

const HEADING_ID = 'allergies-heading';

/** The criticality as a badge: high stands out, the others are quiet. */
const CRITICALITY_BADGES: Readonly<Record<AllergyCriticality, { words: string; className: string }>> = {
  high: { words: 'High criticality', className: toneSoft.red },
  low: { words: 'Low criticality', className: toneSoft.grey },
  'unable-to-assess': { words: 'Criticality not assessed', className: toneSoft.grey },
};

interface AllergiesCardProps {
  /** undefined while loading. */
  allergies: Allergy[] | undefined;
  failed: boolean;
  /** After an add, a change or a removal, once the list and the profile's texts are fresh. */
  onChanged(): void;
}

/** The patient's allergies and intolerances (issue 34); the active ones are the lines of "Allergies". */
export function AllergiesCard({ allergies, failed, onChanged }: AllergiesCardProps) {
  const patientId = usePatientId();
  const removal = useDeleteAllergy(patientId);
  const [editing, setEditing] = useState<AllergyEdit | null>(null);
  const [removing, setRemoving] = useState<Allergy | null>(null);
  const focus = useReturnFocus(HEADING_ID);

  return (
    <HealthListCard
      headingId={HEADING_ID}
      title="Allergies"
      description="Allergies and intolerances, with how you reacted; the active ones are listed under Allergies above."
      words={ALLERGY_WORDS}
      items={allergies}
      failed={failed}
      empty={{ icon: ShieldAlert, title: 'No allergies yet', description: 'Add an allergy or intolerance, and the reactions it gives you.' }}
      nameOf={(allergy) => allergy.substance}
      renderItem={(allergy) => <AllergyLines allergy={allergy} />}
      onAdd={() => {
        focus.remember();
        setEditing({ allergy: null });
      }}
      onEdit={(allergy) => {
        focus.remember();
        setEditing({ allergy });
      }}
      onRemove={(allergy) => {
        focus.remember();
        setRemoving(allergy);
      }}
    >
      <AllergyDialog edit={editing} onSaved={onChanged} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <RemoveItemDialog
        item={removing && { id: removing.id, name: removing.substance }}
        words={ALLERGY_WORDS}
        removal={removal}
        onRemoved={onChanged}
        onClose={() => setRemoving(null)}
        onCloseAutoFocus={focus.restore}
      />
    </HealthListCard>
  );
}

function AllergyLines({ allergy }: { allergy: Allergy }) {
  const { substance, status, type, criticality, reactions, note, codes } = allergy;
  const reactionWords = reactions.map(({ manifestation, severity }) =>
    severity ? `${manifestation} (${SEVERITY_LABELS[severity].toLowerCase()})` : manifestation,
  );
  return (
    <>
      <ItemTitle name={substance}>
        <Badge variant={status === 'active' ? 'info' : 'secondary'}>{ALLERGY_STATUS_LABELS[status]}</Badge>
        {criticality && (
          <Badge className={CRITICALITY_BADGES[criticality].className}>{CRITICALITY_BADGES[criticality].words}</Badge>
        )}
      </ItemTitle>
      {type && <DetailLine parts={[ALLERGY_TYPE_LABELS[type]]} />}
      {reactionWords.length > 0 && (
        <p className="break-words">
          <span className="text-muted-foreground">Reactions: </span>
          {reactionWords.join(', ')}
        </p>
      )}
      {note && <p className="whitespace-pre-line break-words">{note}</p>}
      <Codes codes={codes} />
    </>
  );
}
