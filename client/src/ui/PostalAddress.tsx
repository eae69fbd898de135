import { Fragment } from 'react';

export interface PostalAddressFields {
  fullName: string;
  streetAddress: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** A shipping address as a label reads: name, street, apartment, "City, ST, 12345", country; blank parts left out. */
export function PostalAddress({ address, className }: { address: PostalAddressFields; className: string }) {
  const lines = [
    address.fullName,
    address.streetAddress,
    address.addressLine2 ?? '',
    [address.city, address.state, address.zipCode].filter(Boolean).join(', '),
    address.country,
  ].filter(Boolean);
  return (
    <address className={className}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
