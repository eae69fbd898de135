import { knownCarrier, trackingUrl } from './tracking';

describe('tracking links', () => {
  it.each([
    ['USPS', '9400 1000 0000 0000 0000 00', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000'],
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784'],
    ['FedEx', '7489-1234-5678', 'https://www.fedex.com/fedextrack/?trknbr=748912345678'],
    ['DHL', '1234567890', 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890'],
    [
      'Canada Post',
      '1234567890123456',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456',
    ],
    ['Purolator', '329000000001', 'https://www.purolator.com/en/shipping/tracker?pins=329000000001'],
  ])('links %s to its public tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('knows a carrier however it is typed', () => {
    expect(knownCarrier(' fedex ')).toBe('FedEx');
    expect(knownCarrier('canada   POST')).toBe('Canada Post');
    expect(trackingUrl('ups', '1z 999')).toBe('https://www.ups.com/track?loc=en_US&tracknum=1z999');
  });

  it('has no link for another carrier, a missing number, or a number that is not letters and digits', () => {
    expect(trackingUrl('Local Courier', 'LC-42')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl(null, '1Z999')).toBeNull();
    expect(trackingUrl('UPS', '1Z"><script>')).toBeNull();
  });
});
