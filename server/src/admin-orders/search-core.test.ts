import {
  COMMON_SHARE,
  containsTrigrams,
  MIN_SAMPLE,
  RARE_SHARE,
  sampleTrigrams,
  searchCore,
  type TrigramSample,
  valueTrigrams,
} from './search-core';

const sorted = (trigrams: Set<string>) => [...trigrams].sort();

/** A shop whose addresses are parent1@example.com ... parentN@example.com, as the benchmarks write them. */
const parents = (n: number) => sampleTrigrams(Array.from({ length: n }, (_, i) => `parent${i + 1}@example.com`));

describe('valueTrigrams', () => {
  it('pads every word of a value as pg_trgm stores it', () => {
    expect(sorted(valueTrigrams('Mia J'))).toEqual(sorted(new Set(['  m', ' mi', 'mia', 'ia ', '  j', ' j '])));
  });

  it('lower-cases, and takes letters beyond ASCII as letters', () => {
    expect(valueTrigrams('ÉLO')).toEqual(valueTrigrams('élo'));
    expect(valueTrigrams('élo')).toContain('élo');
  });
});

describe('containsTrigrams', () => {
  it("leaves a word open where it runs to the search's end, and pads it where another character ends it", () => {
    // '%parent4242@%': open before "parent", padded after "4242" (the @ ends the word).
    expect(sorted(containsTrigrams('parent4242@'))).toEqual(
      sorted(new Set(['par', 'are', 'ren', 'ent', 'nt4', 't42', '424', '242', '42 '])),
    );
    // '%child 4242%': "child" padded after, "4242" padded before and open after.
    expect(sorted(containsTrigrams('Child 4242'))).toEqual(
      sorted(new Set(['chi', 'hil', 'ild', 'ld ', '  4', ' 42', '424', '242'])),
    );
  });

  it('has none for a search too short to index', () => {
    expect(containsTrigrams('ab').size).toBe(0);
    expect(containsTrigrams('@.')).toEqual(new Set());
  });
});

describe('searchCore', () => {
  it('leaves out the trigrams every address shares and keeps the rest of the search', () => {
    const sample = parents(1_000);
    // "par", "are", "ren", "ent" are in every address; "nt4" in 11% of them.
    expect(searchCore('parent4242@', sample)).toBe('nt4242@');
    expect(searchCore('parent4242@example.com', sample)).toBe('nt4242@');
  });

  it('asks for the whole search when no part of it is rare: it matches many orders, read in date order', () => {
    // "parent1": "nt1" is in 11% of the addresses, and is the only trigram not in all of them.
    expect(searchCore('parent1', parents(1_000))).toBe('parent1');
    expect(RARE_SHARE).toBe(0.005);
  });

  it('asks for the whole search when none of it is common', () => {
    expect(searchCore('mia.jones@', parents(1_000))).toBe('mia.jones@');
  });

  it('asks for the whole search when every part of it is common: it matches many orders anyway', () => {
    expect(searchCore('parent', parents(1_000))).toBe('parent');
    expect(searchCore('example.com', parents(1_000))).toBe('example.com');
  });

  it('asks for the whole search without a sample large enough to say what is common', () => {
    expect(searchCore('parent4242@', null)).toBe('parent4242@');
    expect(searchCore('parent4242@', parents(MIN_SAMPLE - 1))).toBe('parent4242@');
  });

  it('counts a trigram common from its share of the sample on', () => {
    // Of 1,000 values, "zz1" in 200 is common; "zz2" in 199 is not, and "zz3" in 5 is rare.
    const values = Array.from({ length: 1_000 }, (_, i) => (i < 200 ? 'zz1' : i < 399 ? 'zz2' : i < 404 ? 'zz3' : `v${i}`));
    const sample = sampleTrigrams(values);
    expect(COMMON_SHARE).toBe(0.2);
    expect(searchCore('zz1 zz3', sample)).toBe('zz3');
    // "zz2" is neither common nor rare: nothing to narrow to.
    expect(searchCore('zz1 zz2', sample)).toBe('zz1 zz2');
  });

  it('always returns a part of the search, as it was typed', () => {
    const sample = parents(1_000);
    for (const search of ['parent4242@', 'xPARENT4242y', 'Parent 12 @example', 'pärent77', 'ΟΔΟΣΑ parent4242@']) {
      const core = searchCore(search, sample);
      expect(search).toContain(core);
      expect(containsTrigrams(core).size).toBeGreaterThan(0);
    }
  });

  it('narrows only to a part with a rare trigram of plain letters and digits', () => {
    // "oné", "néé" and "ééé" are in no sampled value, but a database may not take "é" as a letter.
    const sample = sampleTrigrams([...Array.from({ length: 999 }, (_, i) => `common${i % 3}`), 'other']);
    expect(searchCore('commonééé', sample)).toBe('commonééé');
    expect(searchCore('commonzzz', sample)).toBe('onzzz');
  });

  it('chooses as a search through every part would', () => {
    // The reference: every part, longest first, earliest of equals, with the same conditions.
    const reference = (search: string, sample: TrigramSample) => {
      const plainRare = (t: string) => !sample.frequent.has(t) && /^[a-z0-9 ]{3}$/.test(t);
      if (![...containsTrigrams(search)].some((t) => sample.common.has(t))) return search;
      for (let length = search.length - 1; length >= 3; length -= 1) {
        for (let start = 0; start + length <= search.length; start += 1) {
          const trigrams = [...containsTrigrams(search.slice(start, start + length))];
          if (trigrams.length > 0 && !trigrams.some((t) => sample.common.has(t)) && trigrams.some(plainRare)) {
            return search.slice(start, start + length);
          }
        }
      }
      return search;
    };
    const random = seeded(24);
    const text = (alphabet: string, min: number, max: number) =>
      Array.from(
        { length: min + Math.floor(random() * (max - min + 1)) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    for (let round = 0; round < 200; round += 1) {
      const sample = sampleTrigrams(Array.from({ length: 200 }, () => text('abc1 @.', 2, 10)));
      for (let i = 0; i < 20; i += 1) {
        const search = text('abcd12 @.', 3, 14);
        expect(searchCore(search, sample)).toBe(reference(search, sample));
      }
    }
  });
});

describe('sampleTrigrams', () => {
  it('keeps no count, and nothing of a fragment only a few values hold', () => {
    const sample = sampleTrigrams([...Array.from({ length: 999 }, (_, i) => `parent${i}@example.com`), 'Xiomara']);
    expect(sample.values).toBe(1_000);
    expect(sample.common).toContain('par');
    for (const trigram of valueTrigrams('Xiomara')) {
      expect(sample.common.has(trigram) || sample.frequent.has(trigram)).toBe(false);
    }
    expect(Object.keys(sample).sort()).toEqual(['common', 'frequent', 'values']);
  });

  it('keeps nothing five values or fewer hold, however small the sample', () => {
    const values = [...Array.from({ length: 95 }, (_, i) => `parent${i}`), ...Array.from({ length: 5 }, () => 'Xiomara')];
    const sample = sampleTrigrams(values);
    expect(sample.frequent).toContain('par');
    for (const trigram of valueTrigrams('Xiomara')) expect(sample.frequent.has(trigram)).toBe(false);
    expect(sampleTrigrams([...values, 'Xiomara']).frequent).toContain('xio');
  });
});

/** A repeatable stream of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
