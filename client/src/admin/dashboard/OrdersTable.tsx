import { memo } from 'react';

import type { OrderRowFragment } from '../../gql/graphql';
import { EmailAddress } from '../../ui/EmailAddress';
import { childNameLabel, formatDateTime, shortOrderId, storyType } from '../order-format';
import { OrderRowFulfilment } from '../fulfilment/OrderRowFulfilment';
import { OrderActions } from './OrderActions';
import { StatusBadge } from './StatusBadge';

const COLUMNS = ['Order ID', 'Child Name', 'Email', 'Story Type', 'Status', 'Created At', 'Actions'] as const;

interface OrdersTableProps {
  orders: OrderRowFragment[];
  onDetails(orderId: string, trigger: HTMLElement): void;
}

/**
 * The orders, one row each. On narrow screens CSS lays each row out as a card, each cell with
 * its column name; the explicit roles keep it a table for screen readers when CSS does that.
 * The table and its rows render again only when their orders change (the cache hands back the
 * same objects for orders that did not): not while the dashboard around them re-renders for a new
 * filter, a panel or an upload.
 */
export const OrdersTable = memo(function OrdersTable({ orders, onDetails }: OrdersTableProps) {
  return (
    <table className="orders-table" role="table">
      <caption className="visually-hidden">Orders, newest first</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} onDetails={onDetails} />
        ))}
      </tbody>
    </table>
  );
});

const OrderRow = memo(function OrderRow({ order, onDetails }: { order: OrderRowFragment } & Pick<OrdersTableProps, 'onDetails'>) {
  return (
    <tr role="row">
      <th scope="row" role="rowheader" data-label="Order ID" className="orders-table__id">
        <span title={order.id}>{shortOrderId(order.id)}</span>
      </th>
      <td role="cell" data-label="Child Name" className="orders-table__child">
        {childNameLabel(order.childName)}
      </td>
      <td role="cell" data-label="Email" className="orders-table__email">
        <EmailAddress email={order.email} />
      </td>
      <td role="cell" data-label="Story Type">
        {storyType(order)}
      </td>
      <td role="cell" data-label="Status" className="orders-table__status">
        <StatusBadge status={order.status} />
        <OrderRowFulfilment order={order} />
      </td>
      <td role="cell" data-label="Created At">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </td>
      <td role="cell" data-label="Actions" className="orders-table__actions">
        <OrderActions order={order} onDetails={(trigger) => onDetails(order.id, trigger)} />
      </td>
    </tr>
  );
});
