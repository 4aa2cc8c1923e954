import { useQuery } from '@tanstack/react-query';
import { accessLogQuery, accessTokensQuery, securityOverviewQuery, sessionsQuery } from '../../lib/api/security';
import { useHeadingFocus } from '../../lib/use-heading-focus';
import { AccessLogCard } from './components/access-log-card';
import { PassphraseCard } from './components/passphrase-card';
import { PasskeysCard } from './components/passkeys-card';
import { RecoveryCodesCard } from './components/recovery-codes-card';
import { SessionsCard } from './components/sessions-card';
import { TokensCard } from './components/tokens-card';

/** Settings → Security (ADR 17): the ways in, the sessions, the access log and the personal access tokens. */
export default function SecurityPage() {
  const overview = useQuery(securityOverviewQuery());
  const sessions = useQuery(sessionsQuery());
  const accessLog = useQuery(accessLogQuery());
  const tokens = useQuery(accessTokensQuery());
  const heading = useHeadingFocus();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none md:text-3xl">
          Security
        </h1>
        <p className="mt-1 text-muted-foreground">How you, and the scripts you allow, get into your record.</p>
      </div>
      {overview.isError && <p className="text-muted-foreground">Could not load your ways in right now.</p>}
      <PasskeysCard passkeys={overview.data?.passkeys} failed={overview.isError} />
      <PassphraseCard passphraseSet={overview.data?.passphraseSet} />
      <RecoveryCodesCard left={overview.data?.recoveryCodesLeft} />
      <SessionsCard sessions={sessions.data} failed={sessions.isError} />
      <AccessLogCard events={accessLog.data} failed={accessLog.isError} />
      <TokensCard tokens={tokens.data} failed={tokens.isError} />
    </div>
  );
}
