/**
 * When a printed book ordered now arrives, from the catalogue's promise ("7-10 business days"):
 * business days skip Saturdays and Sundays, as the studio's clock does (public holidays are not
 * known to the shop). Worked out in the browser, after the first render, so a prerendered page
 * and its hydration agree whatever day each ran on.
 */
import { useEffect, useState } from 'react';

import { shortDay } from './en-us';

export interface PrintedDelivery {
  arrivesFromBusinessDays: number;
  arrivesByBusinessDays: number;
}

export interface ArrivalWindow {
  from: Date;
  by: Date;
}

/** `days` business days after `from` (local time); a start on a weekend counts from the Monday. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setDate(at.getDate() + 1);
    const day = at.getDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}

export function arrivalWindow(delivery: PrintedDelivery, now: Date): ArrivalWindow {
  return {
    from: addBusinessDays(now, delivery.arrivesFromBusinessDays),
    by: addBusinessDays(now, delivery.arrivesByBusinessDays),
  };
}

/** "between Fri, Dec 4 and Wed, Dec 9". */
export function betweenDates(arrival: ArrivalWindow): string {
  return `between ${shortDay(arrival.from)} and ${shortDay(arrival.by)}`;
}

/** The window for an order placed now; null on the first render (see above). */
export function useArrivalWindow(delivery: PrintedDelivery): ArrivalWindow | null {
  const { arrivesFromBusinessDays, arrivesByBusinessDays } = delivery;
  const [arrival, setArrival] = useState<ArrivalWindow | null>(null);
  useEffect(() => {
    setArrival(arrivalWindow({ arrivesFromBusinessDays, arrivesByBusinessDays }, new Date()));
  }, [arrivesFromBusinessDays, arrivesByBusinessDays]);
  return arrival;
}

/** What the parent reads before paying: "Shipping included. Arrives between … and … (7-10 business days)." */
export function ArrivalNote({ delivery, shippingIncluded }: { delivery: PrintedDelivery; shippingIncluded: boolean }) {
  const arrival = useArrivalWindow(delivery);
  const days = `${delivery.arrivesFromBusinessDays}-${delivery.arrivesByBusinessDays} business days`;
  const included = shippingIncluded ? 'Shipping included. ' : '';
  return arrival ? `${included}Arrives ${betweenDates(arrival)} (${days}).` : `${included}Arrives in ${days}.`;
}
