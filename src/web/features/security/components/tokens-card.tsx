import type { Json } from '../../../../shared/contracts/common';
import { KeySquare, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AccessTokenSummary } from '../../../../shared/contracts/sign-in';
import { formatDate } from '../../../../shared/rules/formats';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useRevokeAccessToken } from '../../../lib/api/security';
import { NewTokenDialog } from './new-token-dialog';
import { SCOPE_WORDS } from './scope-words';
import { tokenLifeWords } from './token-life-words';

type AccessToken = Json<typeof AccessTokenSummary>;
const HEADING_ID = 'tokens-heading';

interface TokensCardProps {
  /** undefined while loading. */
  tokens: AccessToken[] | undefined;
  failed: boolean;
}

/** Personal access tokens for scripts and workflows: made (shown once) and revoked here. */
export function TokensCard({ tokens, failed }: TokensCardProps) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useRevokeAccessToken();
  const focus = useReturnFocus(HEADING_ID);

  function confirmRevoke() {
    if (!revoking || revoke.isPending) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => toast({ title: 'Token revoked', description: `${name} no longer works.` }),
      onError: (error) => toast({ title: 'Error', description: `Could not revoke the token: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <Card aria-busy={!failed && !tokens}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
            Personal access tokens
          </CardTitle>
          <CardDescription>For scripts and n8n workflows that read or change your record.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            focus.remember();
            setCreating(true);
          }}
        >
          <Plus aria-hidden="true" /> New token
        </Button>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your tokens right now.</p>
        ) : !tokens ? (
          <Skeleton className="h-12 w-full" />
        ) : tokens.length === 0 ? (
          <EmptyState icon={KeySquare} title="No tokens" description="Make one for each script or workflow, to revoke it alone." />
        ) : (
          <ul aria-labelledby={HEADING_ID} className="-my-3 divide-y">
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                onRevoke={() => {
                  focus.remember();
                  setRevoking(token);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} onCloseAutoFocus={focus.restore} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        description={revoking && `Anything that uses ${revoking.name} stops working at once. This cannot be undone.`}
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}

/** One token: its name, scope and state, when it was made, when it stops working and when it was last used. */
function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke(): void }) {
  const life = tokenLifeWords(token);
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 break-words font-medium">
          {token.name}
          <Badge variant="secondary">{SCOPE_WORDS[token.scope]}</Badge>
          {token.revokedAt && <Badge variant="warning">Revoked {formatDate(token.revokedAt)}</Badge>}
          {life.expired && <Badge variant="warning">{life.expired}</Badge>}
        </p>
        <p className="text-muted-foreground">{[`Created ${formatDate(token.createdAt)}`, life.expiry, life.use].filter(Boolean).join(' · ')}</p>
      </div>
      {!token.revokedAt && (
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
          Revoke
        </Button>
      )}
    </li>
  );
}
