/**
 * Who changed an order: an admin, the parent (by the token of their order page or checkout), the
 * shop itself, a payment provider's webhook, or a background job. Services that change an order
 * take one, and the order's history records it the same way whoever it is (`order_events.actor`).
 */
export type Actor =
  | { kind: 'admin'; email: string }
  | { kind: 'customer' }
  | { kind: 'system' }
  | { kind: 'webhook'; provider: string }
  | { kind: 'job'; name: string };

export const CUSTOMER: Actor = { kind: 'customer' };
export const SYSTEM: Actor = { kind: 'system' };

export function adminActor(admin: { email: string }): Actor {
  return { kind: 'admin', email: admin.email };
}

export function webhookActor(provider: string): Actor {
  return { kind: 'webhook', provider };
}

export function jobActor(name: string): Actor {
  return { kind: 'job', name };
}

/** How the order's history writes the actor: customer, system, stripe-webhook, job:{name} or admin:{email}. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'admin':
      return `admin:${actor.email}`;
    case 'webhook':
      return `${actor.provider}-webhook`;
    case 'job':
      return `job:${actor.name}`;
    default:
      return actor.kind;
  }
}
