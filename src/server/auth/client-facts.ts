import { CLIENT_ADDRESS_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from '../db/schema/index';

/** What a request says about the device it came from, as sessions and the access log keep it (ADR 17). */
export interface ClientFacts {
  userAgent: string | null;
  clientAddress: string | null;
}

/** At most `length` characters (code points, as PostgreSQL counts them); null for nothing. */
function clipped(value: string | null | undefined, length: number): string | null {
  if (!value) return null;
  const characters = [...value];
  return characters.length <= length ? value : characters.slice(0, length).join('');
}

export function clientFacts(userAgent: string | null | undefined, clientAddress: string | null | undefined): ClientFacts {
  return { userAgent: clipped(userAgent, USER_AGENT_MAX_LENGTH), clientAddress: clipped(clientAddress, CLIENT_ADDRESS_MAX_LENGTH) };
}
