import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../shared/contracts/users';
import { usePatientId } from '../../lib/patient-id';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { allergiesQuery } from '../../lib/api/allergies';
import { conditionsQuery } from '../../lib/api/conditions';
import { immunizationsQuery } from '../../lib/api/immunizations';
import { userQuery } from '../../lib/api/users';
import { statusOf } from '../../lib/api-client';
import { AllergiesCard } from './components/allergies-card';
import { ConditionsCard } from './components/conditions-card';
import { ImmunizationsCard } from './components/immunizations-card';
import { MedicalHistoryCard } from './components/medical-history-card';
import { PersonalInfoCard } from './components/personal-info-card';

const isNotFound = (error: Error) => statusOf(error) === 404;

/** The two boxes of the Medical History card that the server writes from the lists (ADR 24). */
const listBoxes = (user: User | undefined) => [user?.existingConditions ?? '', user?.allergies ?? ''].join('\0');

export default function ProfilePage() {
  const patientId = usePatientId();
  const queryClient = useQueryClient();
  const user = useQuery(userQuery(patientId));
  // The Medical History card's boxes start from the profile as it was when the card mounted. A change to the
  // conditions or allergies changes two of those boxes on the server: then the card starts again from the fresh
  // profile (refetched before the change's callbacks run, ADR 5), so that both views say the same.
  const [historyRevision, setHistoryRevision] = useState(0);
  function listsChanged() {
    if (listBoxes(queryClient.getQueryData(userQuery(patientId).queryKey)) !== listBoxes(user.data)) setHistoryRevision((n) => n + 1);
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">My Profile</h1>
        <p className="mt-1 text-muted-foreground">Update your personal information</p>
      </div>
      {user.isPending ? (
        <Card aria-busy="true">
          <CardHeader>
            <CardTitle>Personal Information</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Skeleton className="size-20 rounded-full" />
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </CardContent>
        </Card>
      ) : user.isError && !isNotFound(user.error) ? (
        <p className="text-muted-foreground">Could not load your profile right now.</p>
      ) : (
        <>
          {/* No patient yet (a first run, a 404): blanks, and this save creates them. The card stays mounted
              when the save turns the 404 into the saved patient. The medical history needs the patient. */}
          <PersonalInfoCard user={user.data ?? null} />
          {user.data && (
            <>
              <MedicalHistoryCard key={historyRevision} user={user.data} />
              <HealthLists onChanged={listsChanged} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The three health lists (issue 34), below the boxes that show two of them as text. */
function HealthLists({ onChanged }: { onChanged(): void }) {
  const patientId = usePatientId();
  const conditions = useQuery(conditionsQuery(patientId));
  const allergies = useQuery(allergiesQuery(patientId));
  const immunizations = useQuery(immunizationsQuery(patientId));
  return (
    <>
      <ConditionsCard conditions={conditions.data} failed={conditions.isError} onChanged={onChanged} />
      <AllergiesCard allergies={allergies.data} failed={allergies.isError} onChanged={onChanged} />
      <ImmunizationsCard immunizations={immunizations.data} failed={immunizations.isError} />
    </>
  );
}
