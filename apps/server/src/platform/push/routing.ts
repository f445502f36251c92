import type { PushAudience } from './push-bus.js';

/**
 * Routing keys of the three subscriptions of spec §4: `<site>.site` (everyone), `<site>.company.<id>`
 * and `<site>.user.<partyId>`. The site prefix keeps deployments that share one broker apart.
 */
export function routingKey(siteId: string, audience: PushAudience): string {
  const site = keyPart(siteId);
  if (audience.scope === 'site') return `${site}.site`;
  if (audience.scope === 'company') return `${site}.company.${keyPart(audience.companyId)}`;
  return `${site}.user.${keyPart(audience.userId)}`;
}

/** What one instance binds its queue to: every envelope of its own site. */
export function bindingKeys(siteId: string): string[] {
  const site = keyPart(siteId);
  return [`${site}.site`, `${site}.company.*`, `${site}.user.*`];
}

/** The keys a signed-in user's browser is subscribed to (registerMqWeb's `topics`). */
export function topicsOf(siteId: string, session: { companyId: string; userId: string }) {
  return {
    site: routingKey(siteId, { scope: 'site' }),
    company: routingKey(siteId, { scope: 'company', companyId: session.companyId }),
    user: routingKey(siteId, { scope: 'user', userId: session.userId }),
  };
}

// A topic word may not hold the separators `.`, `*` or `#`; ids are UUIDs, a site id is configuration.
function keyPart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_');
}
