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

  it('squeezes a long name without spaces to the cover width', () => {
    const [line] = fitLines('Maximilianalexanderjohnsonsmithwright');
    expect(line!.squeeze).toBe(true);
    expect(line!.size).toBe(18);
  });
});
