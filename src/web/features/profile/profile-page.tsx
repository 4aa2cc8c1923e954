import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { userQuery } from '../../lib/api/users';
import { MedicalHistoryCard } from './components/medical-history-card';
import { PersonalInfoCard } from './components/personal-info-card';

export default function ProfilePage() {
  const user = useQuery(userQuery(CURRENT_USER_ID));

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
      ) : user.isError ? (
        <p className="text-muted-foreground">Could not load your profile right now.</p>
      ) : (
        <>
          <PersonalInfoCard user={user.data} />
          <MedicalHistoryCard user={user.data} />
        </>
      )}
    </div>
  );
}
