import { checkPdfFile } from './check-pdf-file';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('checkPdfFile', () => {
  it('takes a PDF, by its type or, when the browser gives none, its name', () => {
    expect(checkPdfFile(file('book.pdf', 'application/pdf'), 100)).toBeNull();
    expect(checkPdfFile(file('BOOK.PDF', ''), 100)).toBeNull();
  });

  it('refuses anything else', () => {
    expect(checkPdfFile(file('book.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 100)).toBe(
      'Please upload the storybook as a PDF file.',
    );
    expect(checkPdfFile(file('book.pdf', 'image/png'), 100)).toBe('Please upload the storybook as a PDF file.');
  });

  it('refuses a PDF over the limit, naming it', () => {
    expect(checkPdfFile(file('book.pdf', 'application/pdf', 2049), 2048)).toBe('The PDF is too large: the limit is 2 KB.');
  });
});
