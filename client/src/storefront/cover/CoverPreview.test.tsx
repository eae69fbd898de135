import { render, screen } from '@testing-library/react';

import CoverPreview from './CoverPreview';
import { fitLines } from './cover-title';

describe('CoverPreview', () => {
  it.each([
    ['classic', 'Book cover: The Gentle Tale of Mia'],
    ['adventure', 'Book cover: Mia and the Great Expedition'],
    ['fairytale', 'Book cover: Mia and the Enchanted Castle'],
    ['superhero', 'Book cover: The Amazing Mia Saves the Day!'],
  ])('sets the name into the %s cover with the photo in its frame', (style, name) => {
    const { container } = render(<CoverPreview childName=" Mia " bookStyle={style} photoUrl="blob:photo" lesson="Courage" />);
    expect(screen.getByRole('img', { name })).toBeInTheDocument();
    expect([...container.querySelectorAll('text.book-cover__name')].map((text) => text.textContent)).toEqual(['Mia']);
    expect(container.querySelector('image')).toHaveAttribute('href', 'blob:photo');
    expect(container).toHaveTextContent('A story about courage');
  });

  it('gives a digital book (no style) the classic look', () => {
    render(<CoverPreview childName="Leo" bookStyle={null} photoUrl="blob:photo" />);
    expect(screen.getByRole('img', { name: 'Book cover: The Gentle Tale of Leo' })).toBeInTheDocument();
  });

  it('uses ids of its own, so several covers on a page do not share clip paths', () => {
    const { container } = render(
      <>
        <CoverPreview childName="Mia" bookStyle="classic" photoUrl="blob:a" />
        <CoverPreview childName="Leo" bookStyle="classic" photoUrl="blob:b" />
      </>,
    );
    const ids = [...container.querySelectorAll('clipPath')].map((clip) => clip.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^[\w-]+$/.test(id))).toBe(true);
  });
});

describe('fitLines', () => {
  it('sets a short name large on one line', () => {
    expect(fitLines('Mia')).toEqual([{ text: 'Mia', size: 40, squeeze: false }]);
  });

  it('breaks a long name at the space nearest its middle, both lines the same size', () => {
    const lines = fitLines('Alexandra Rose Montgomery');
    expect(lines.map((line) => line.text)).toEqual(['Alexandra Rose', 'Montgomery']);
    expect(lines[0]!.size).toBe(lines[1]!.size);
  });

  it('breaks a hyphenated name after the hyphen nearest its middle', () => {
    expect(fitLines('Maximilian-Alexander').map((line) => line.text)).toEqual(['Maximilian-', 'Alexander']);
    expect(fitLines('Wolfgang-Maximilian Bartholomew Featherstonehaugh').map((line) => line.text)).toEqual([
      'Wolfgang-Maximilian',
      'Bartholomew Featherstonehaugh',
    ]);
  });

  it('squeezes a long name without spaces to the cover width', () => {
    const [line] = fitLines('Maximilianalexanderjohnsonsmithwright');
    expect(line!.squeeze).toBe(true);
    expect(line!.size).toBe(18);
  });
});

describe('the cover, measured as the browser sets it', () => {
  const proto = SVGElement.prototype as SVGElement & { getComputedTextLength?: () => number };
  afterEach(() => {
    delete proto.getComputedTextLength;
  });

  it('shrinks a name the font sets wider than the cover, both lines alike, and squeezes it at the smallest size', () => {
    // A font twice as wide as the estimate: each character as wide as its size.
    proto.getComputedTextLength = function (this: SVGElement) {
      return (this.textContent ?? '').length * Number(this.getAttribute('font-size'));
    };
    const { container } = render(
      <CoverPreview childName="Maximilian-Alexander Christopher" bookStyle="superhero" photoUrl="blob:p" />,
    );
    const lines = [...container.querySelectorAll('text.book-cover__name')];
    expect(lines.map((line) => line.textContent)).toEqual(['Maximilian-Alexander', 'Christopher']);
    const sizes = lines.map((line) => Number(line.getAttribute('font-size')));
    expect(sizes[0]).toBe(sizes[1]);
    expect(sizes[0]).toBe(18);
    // 20 characters at 18 is still wider than 264: squeezed to the width; 11 at 18 fits as it is.
    expect(lines[0]).toHaveAttribute('textLength', '264');
    expect(lines[1]).not.toHaveAttribute('textLength');
  });

  it('leaves a name that fits as the estimate set it', () => {
    proto.getComputedTextLength = () => 100;
    const { container } = render(<CoverPreview childName="Mia" bookStyle="classic" photoUrl="blob:p" />);
    expect(container.querySelector('text.book-cover__name')).toHaveAttribute('font-size', '40');
  });
});
