import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/paths';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { toast } from '../components/ui/use-toast';
import { setupQuery } from '../lib/api/setup';
import { useLeaveDemo } from '../lib/api/setup-actions';
import { serverMessage } from '../lib/api-client';

/**
 * Settings' way out of the demo: shown only while the patient is the seeded demo. After a confirmation the
 * server removes every row of the demo patient, and the wizard opens for the patient's own details.
 */
export function LeaveDemo({ onLeft }: { onLeft(): void }) {
  const setup = useQuery(setupQuery());
  const leave = useLeaveDemo();
  const [asking, setAsking] = useState(false);
  const [, navigate] = useLocation();
  if (setup.data?.patient !== 'demo') return null;

  function confirm() {
    leave.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        onLeft();
        toast({ title: 'Demo data removed', description: 'Set up HealthAssist with your own details.' });
        navigate(paths.onboarding);
      },
      onError: (error) => {
        setAsking(false);
        toast({ title: 'Error', description: `Could not remove the demo data: ${serverMessage(error)}`, variant: 'destructive' });
      },
    });
  }

  return (
    <div className="space-y-2 border-t pt-4">
      <p className="text-sm font-medium">Demo data</p>
      <p className="text-sm text-muted-foreground">You are looking at a sample patient, Alex Morgan.</p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        Start with my own data
      </Button>
      <ConfirmDialog
        open={asking}
        title="Remove the demo data?"
        description="Every record, plan, care item, appointment and provider of the sample patient is deleted for good. Then you set up your own."
        confirmLabel="Remove demo data"
        pending={leave.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        onCloseAutoFocus={() => undefined}
      />
    </div>
  );
}
