/**
 * What a member of staff may do. An OWNER runs the shop: money (refunds, cancelling), the team
 * (invitations, disabling, roles) and the customer list (the CSV export). STUDIO makes the books:
 * the orders, their photos, files and change requests, and marking a book shipped.
 */
import { registerEnumType } from 'type-graphql';

export enum AdminRole {
  OWNER = 'OWNER',
  STUDIO = 'STUDIO',
}
registerEnumType(AdminRole, {
  name: 'AdminRole',
  description:
    'OWNER runs the shop: refunds, cancelling, the team and the CSV export. STUDIO works orders: ' +
    'files, change requests and shipping, sending printed books to the print partner among it.',
  valuesConfig: {
    OWNER: { description: 'Everything, including money, the team and the customer list.' },
    STUDIO: { description: 'Works orders; cannot refund, cancel, invite, disable, change roles or export.' },
  },
});

export const ADMIN_ROLES = Object.values(AdminRole);

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as string[]).includes(value);
}
