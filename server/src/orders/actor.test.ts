import { actorLabel, adminActor, CUSTOMER, jobActor, SYSTEM, webhookActor } from './actor';

describe('actorLabel', () => {
  it("writes each kind of actor as the order's history always has", () => {
    expect(actorLabel(adminActor({ email: 'owner@example.com' }))).toBe('admin:owner@example.com');
    expect(actorLabel(CUSTOMER)).toBe('customer');
    expect(actorLabel(SYSTEM)).toBe('system');
    expect(actorLabel(webhookActor('stripe'))).toBe('stripe-webhook');
    expect(actorLabel(jobActor('cancel-stale-orders'))).toBe('job:cancel-stale-orders');
  });
});
