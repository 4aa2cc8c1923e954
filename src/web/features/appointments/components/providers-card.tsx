import { MapPin, Phone, Plus, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import type { Provider } from '../../../../shared/contracts/appointments';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { ProviderDialog, type ProviderEdit } from './provider-dialog';
import { RemoveProviderDialog } from './remove-provider-dialog';

const HEADING_ID = 'providers-heading';

interface ProvidersCardProps {
  /** undefined while loading. */
  providers: Provider[] | undefined;
  failed: boolean;
}

/** The patient's healthcare providers, to add, correct and remove (issue 11). */
export function ProvidersCard({ providers, failed }: ProvidersCardProps) {
  const [editing, setEditing] = useState<ProviderEdit | null>(null);
  const [removing, setRemoving] = useState<Provider | null>(null);
  const focus = useReturnFocus(HEADING_ID);
  const open = (edit: ProviderEdit) => {
    focus.remember();
    setEditing(edit);
  };
  const add = () => open({ provider: null, specialty: 'Primary Care' });

  return (
    <Card aria-busy={!failed && !providers}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Your Providers
        </CardTitle>
        {providers && providers.length > 0 && (
          <Button variant="outline" size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add Provider
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your providers right now.</p>
        ) : !providers ? (
          <div className="space-y-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : providers.length === 0 ? (
          <EmptyState
            icon={Stethoscope}
            title="No providers yet"
            description="Add the doctors and practices you see, to book with them."
            action={
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add Provider
              </Button>
            }
          />
        ) : (
          <ul aria-labelledby={HEADING_ID} className="-my-3 divide-y">
            {providers.map((provider) => (
              <li key={provider.id} className="flex items-start justify-between gap-2 py-3">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="break-words font-medium">{provider.name}</p>
                  {provider.specialty && <p className="text-muted-foreground">{provider.specialty}</p>}
                  {provider.phone && (
                    <p className="flex items-center gap-1.5">
                      <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                      <a href={`tel:${provider.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
                        {provider.phone}
                      </a>
                    </p>
                  )}
                  {provider.address && (
                    <p className="flex items-start gap-1.5 break-words">
                      <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
                      <span className="whitespace-pre-line">{provider.address}</span>
                    </p>
                  )}
                </div>
                <RowActions
                  name={provider.name}
                  onEdit={() => open({ provider })}
                  onRemove={() => {
                    focus.remember();
                    setRemoving(provider);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ProviderDialog edit={editing} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <RemoveProviderDialog provider={removing} onClose={() => setRemoving(null)} onCloseAutoFocus={focus.restore} />
    </Card>
  );
}
