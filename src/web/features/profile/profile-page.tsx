import { useQuery } from '@tanstack/react-query';
import { usePatientId } from '../../lib/patient-id';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { userQuery } from '../../lib/api/users';
import { statusOf } from '../../lib/api-client';
import { MedicalHistoryCard } from './components/medical-history-card';
import { PersonalInfoCard } from './components/personal-info-card';

const isNotFound = (error: Error) => statusOf(error) === 404;

export default function ProfilePage() {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));

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
          {user.data && <MedicalHistoryCard user={user.data} />}
        </>
      )}
    </div>
  );
}
