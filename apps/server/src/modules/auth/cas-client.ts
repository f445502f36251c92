import { XMLParser } from 'fast-xml-parser';

/**
 * CAS protocol 2/3 ticket validation: GET {server}/serviceValidate?ticket&service, XML answer with
 * cas:authenticationSuccess/cas:user or cas:authenticationFailure. Returns the CAS user name.
 */
export async function validateCasTicket(serverUrl: string, ticket: string, service: string, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const url = `${serverUrl}/serviceValidate?${new URLSearchParams({ ticket, service })}`;
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(8_000) });
  if (!res.ok) return null;
  const parsed = new XMLParser({ removeNSPrefix: true, processEntities: false }).parse(await res.text()) as {
    serviceResponse?: { authenticationSuccess?: { user?: unknown } };
  };
  const user = parsed.serviceResponse?.authenticationSuccess?.user;
  return typeof user === 'string' && user.trim() ? user.trim() : null;
}
