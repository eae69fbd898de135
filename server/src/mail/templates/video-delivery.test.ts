import { videoDeliveryEmail, videoDeliveryOutboxEmail, type VideoDeliveryOrder } from './video-delivery';

const order = (over: Partial<VideoDeliveryOrder> = {}): VideoDeliveryOrder => ({
  id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
  childName: 'Mia',
  email: 'parent@example.com',
  bookFormat: 'digital',
  pdfKey: 'books/3f2a9c1e-abcd1234.pdf',
  ...over,
});
const link = { id: 'link-1', url: 'https://shop.example.com/order/tok' };
const options = { publicUrl: 'https://shop.example.com' };

describe('the delivery e-mail', () => {
  it('names both files when the book comes with its PDF', () => {
    const email = videoDeliveryEmail(order(), link, options);
    expect(email.subject).toBe("Mia's story is ready to watch");
    expect(email.text).toContain('the story video to watch and download, and the storybook as a PDF to download');
    expect(email.text).toContain('Watch and download the video and the PDF: https://shop.example.com/order/tok');
    expect(email.html).toContain('href="https://shop.example.com/order/tok"');
    expect(email.text).not.toContain('/video/');
    expect(email.html).toContain('the storybook as a PDF to download');
  });

  it('speaks of the video alone when there is no PDF', () => {
    const email = videoDeliveryEmail(order({ bookFormat: 'printed', pdfKey: null }), link, options);
    expect(email.text).not.toContain('PDF');
    expect(email.text).toContain('being printed and will be shipped separately');
  });

  it("carries a digital gift's message, escaped, and waits for its day; a printed book's message is on its page instead", () => {
    const sendAt = new Date('2026-12-24T13:00:00Z');
    const gift = videoDeliveryOutboxEmail(
      order({ giftMessage: 'Happy birthday!\n<3 Grandma', giftSendAt: sendAt }),
      link,
      options,
    );
    expect(gift.text).toContain('A gift for Mia, with this message:\n\n  Happy birthday!\n  <3 Grandma\n');
    expect(gift.html).toContain('Happy birthday!\n&lt;3 Grandma</blockquote>');
    expect(gift.notBefore).toEqual(sendAt);

    const printed = videoDeliveryOutboxEmail(
      order({ bookFormat: 'printed', giftMessage: 'Happy birthday!', giftSendAt: sendAt }),
      link,
      options,
    );
    expect(printed.text).not.toContain('Happy birthday');
    expect(printed.notBefore).toBeNull();
    expect(videoDeliveryOutboxEmail(order(), link, options).notBefore).toBeNull();
  });

  it('says the book was updated when it is a revision, under a template of its own', () => {
    const outbox = videoDeliveryOutboxEmail(order(), link, options, 'revised');
    expect(outbox).toMatchObject({
      template: 'delivery-revised',
      idempotencyKey: 'delivery-revised:link-1',
      subject: "Mia's story has been updated",
    });
    expect(outbox.text).toContain("We have updated Mia's personalized story");
    expect(videoDeliveryOutboxEmail(order(), link, options).template).toBe('video-delivery');
  });

  it("speaks of 'your child' once the parent deleted the child's details", () => {
    const email = videoDeliveryEmail(order({ childName: null }), link, options);
    expect(email.subject).toBe("Your child's story is ready to watch");
    expect(email.text).not.toContain('null');
  });

  it('escapes what the parent typed', () => {
    const email = videoDeliveryEmail(order({ childName: '<b>Mia</b>' }), link, options, 'revised');
    expect(email.html).not.toContain('<b>Mia</b>');
    expect(email.html).toContain('&lt;b&gt;Mia&lt;/b&gt;');
  });
});
