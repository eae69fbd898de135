import { inches, parsePodPackageId, sameSize } from './print-product';

describe("a Lulu product's print geometry", () => {
  it('reads the trim size and binding of a 27-character or dotted pod_package_id', () => {
    expect(parsePodPackageId('0850X0850FCPRECW080CW444GXX')).toMatchObject({
      trimWidthIn: 8.5,
      trimHeightIn: 8.5,
      binding: 'CW',
      minPages: 24,
      maxPages: 800,
      pageWidthPt: 630,
      pageHeightPt: 630,
    });
    expect(parsePodPackageId('0600X0900.BW.STD.PB.060UW444.MXX')).toMatchObject({
      trimWidthIn: 6,
      trimHeightIn: 9,
      binding: 'PB',
      minPages: 32,
      pageWidthPt: 450,
      pageHeightPt: 666,
    });
  });

  it('knows no product it cannot read, or whose binding it does not know', () => {
    expect(parsePodPackageId('0850X0850')).toBeNull();
    expect(parsePodPackageId('0850X0850FCPREZZ080CW444GXX')).toBeNull();
  });

  it('takes a page within 1.5 pt of the size, and says sizes in inches', () => {
    expect(sameSize(630.9, 629.2, 630, 630)).toBe(true);
    expect(sameSize(612, 612, 630, 630)).toBe(false);
    expect(inches(630)).toBe('8.75');
    expect(inches(612)).toBe('8.5');
  });
});
