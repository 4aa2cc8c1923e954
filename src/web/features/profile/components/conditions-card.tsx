import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import type { Condition } from '../../../../shared/contracts/conditions';
import { isCurrentCondition } from '../../../../shared/rules/conditions';
import { formatDate } from '../../../../shared/rules/formats';
import { Badge } from '../../../components/ui/badge';
import { useDeleteCondition } from '../../../lib/api/conditions';
import { usePatientId } from '../../../lib/patient-id';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { CONDITION_STATUS_LABELS, CONDITION_WORDS, ConditionDialog, type ConditionEdit } from './condition-dialog';
import { Codes, DetailLine, HealthListCard, ItemTitle, RemoveItemDialog } from './health-list-parts';

const HEADING_ID = 'conditions-heading';

interface ConditionsCardProps {
  /** undefined while loading. */
  conditions: Condition[] | undefined;
  failed: boolean;
  /** After an add, a change or a removal, once the list and the profile's texts are fresh. */
  onChanged(): void;
}

/** The patient's conditions, current and past (issue 34); the current ones are the lines of "Existing Conditions". */
export function ConditionsCard({ conditions, failed, onChanged }: ConditionsCardProps) {
  const patientId = usePatientId();
  const removal = useDeleteCondition(patientId);
  const [editing, setEditing] = useState<ConditionEdit | null>(null);
  const [removing, setRemoving] = useState<Condition | null>(null);
  const focus = useReturnFocus(HEADING_ID);

  return (
    <HealthListCard
      headingId={HEADING_ID}
      title="Conditions"
      description="Health problems you have or have had; the active ones are your Existing Conditions."
      words={CONDITION_WORDS}
      items={conditions}
      failed={failed}
      empty={{ icon: HeartPulse, title: 'No conditions yet', description: 'Add a condition to keep track of it, with its dates.' }}
      nameOf={(condition) => condition.name}
      renderItem={(condition) => <ConditionLines condition={condition} />}
      onAdd={() => {
        focus.remember();
        setEditing({ condition: null });
      }}
      onEdit={(condition) => {
        focus.remember();
        setEditing({ condition });
      }}
      onRemove={(condition) => {
        focus.remember();
        setRemoving(condition);
      }}
    >
      <ConditionDialog edit={editing} onSaved={onChanged} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <RemoveItemDialog
        item={removing}
        words={CONDITION_WORDS}
        removal={removal}
        onRemoved={onChanged}
        onClose={() => setRemoving(null)}
        onCloseAutoFocus={focus.restore}
      />
    </HealthListCard>
  );
}

function ConditionLines({ condition }: { condition: Condition }) {
  const { name, clinicalStatus, onsetDate, abatementDate, note, codes } = condition;
  return (
    <>
      <ItemTitle name={name}>
        <Badge variant={isCurrentCondition(clinicalStatus) ? 'info' : 'secondary'}>{CONDITION_STATUS_LABELS[clinicalStatus]}</Badge>
      </ItemTitle>
      <DetailLine parts={[onsetDate && `Since ${formatDate(onsetDate)}`, abatementDate && `Ended ${formatDate(abatementDate)}`]} />
      {note && <p className="whitespace-pre-line break-words">{note}</p>}
      <Codes codes={codes} />
    </>
  );
}
