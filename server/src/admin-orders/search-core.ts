/**
 * The part of a dashboard search the trigram indexes are asked for.
 *
 * A search for "mia.jones@gmail.com" is `ILIKE '%mia.jones@gmail.com%'`, and pg_trgm asks the GIN
 * index for every trigram of it, "gma", "mai", "ail" and "com" among them. Those are in most
 * addresses, and the index reads each one's whole posting list: at a million orders, every
 * trigram that is in every value adds about 300 index pages (3-4 ms) to the search, while the
 * rare ones alone already find the order. So the index is asked for the longest part of the
 * search whose trigrams are not common in that column, and the whole search is checked on the
 * rows it finds. What a search matches does not change: an order whose value contains the whole
 * search contains every part of it.
 *
 * Trigrams follow pg_trgm's rules (contrib/pg_trgm/trgm_op.c): a word is a run of letters and
 * digits, lower-cased; a stored value's words are padded as "  word "; in `'%text%'` a word that
 * runs to either end of the text is open on that side (no padding), and one that ends at another
 * character is padded there. Where this differs from the database's own (a locale's idea of a
 * letter), only the choice of part is worse, never the result. A part must hold a rare trigram of
 * plain letters and digits, so the index has one to go by under any collation.
 */

/** A value's or a search's words, as pg_trgm sees them. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A trigram in at least this share of a column's sampled values is left to the check on the rows. */
export const COMMON_SHARE = 0.2;

/**
 * A part is asked for only when its rarest trigram is in at most this share of the sample: the
 * rows holding it are then few, and read through the index. A search whose parts are all more
 * frequent matches many orders: asked for whole, it is read in date order until a page is full,
 * which a narrowed one would not be (the planner cannot tell how many rows the check keeps, and
 * would read every row holding the part).
 */
export const RARE_SHARE = 0.005;

/** A trigram held by this many sampled values or fewer is rare whatever the sample's size, and never kept. */
const FEW_VALUES = 5;

/** Fewer sampled values than this say too little about what is common: the whole search is asked for. */
export const MIN_SAMPLE = 50;

/** Searches longer than this are asked for whole: long ones are rare and already selective. */
const MAX_CHOOSING_LENGTH = 64;

function addTrigrams(padded: string, into: Set<string>): void {
  const chars = [...padded];
  for (let i = 0; i + 3 <= chars.length; i += 1) into.add(chars[i] + chars[i + 1] + chars[i + 2]);
}

/** The trigrams pg_trgm stores for a value (what `show_trgm(value)` lists). */
export function valueTrigrams(value: string): Set<string> {
  const trigrams = new Set<string>();
  for (const [word] of value.toLowerCase().matchAll(WORD)) addTrigrams(`  ${word} `, trigrams);
  return trigrams;
}

/** The trigrams pg_trgm asks the index for, for `ILIKE '%text%'`. */
export function containsTrigrams(text: string): Set<string> {
  const lower = text.toLowerCase();
  const trigrams = new Set<string>();
  for (const match of lower.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    addTrigrams(`${start === 0 ? '' : '  '}${match[0]}${end === lower.length ? '' : ' '}`, trigrams);
  }
  return trigrams;
}

/**
 * What a sample of a column's values says of its trigrams: which are common, and which are held
 * by more than a few values (more than five, and more than the rare share; any other is rare).
 * Only those two sets are kept, never a count: a fragment held by five values or fewer, such as
 * one of a single child's name, is in neither, whatever the sample's size.
 */
export interface TrigramSample {
  values: number;
  common: ReadonlySet<string>;
  frequent: ReadonlySet<string>;
}

export function sampleTrigrams(values: readonly string[]): TrigramSample {
  const holding = new Map<string, number>();
  for (const value of values) {
    for (const trigram of valueTrigrams(value)) holding.set(trigram, (holding.get(trigram) ?? 0) + 1);
  }
  const common = new Set<string>();
  const frequent = new Set<string>();
  for (const [trigram, count] of holding) {
    if (count >= COMMON_SHARE * values.length) common.add(trigram);
    if (count > Math.max(FEW_VALUES, RARE_SHARE * values.length)) frequent.add(trigram);
  }
  return { values: values.length, common, frequent };
}

/** Letters and digits every collation takes as such: a rare trigram of these is one the database sees too. */
const PLAIN = /^[a-z0-9 ]{3}$/;

/**
 * The part of `search` to ask a column's trigram index for: its longest stretch (the earliest of
 * equals) with at least one trigram, none common in `sample`, and a rare one of plain letters and
 * digits. The whole search when the sample is too small, the search too long, none of it is
 * common, or no stretch qualifies (a search of frequent parts matches many orders, and is read in
 * date order).
 */
export function searchCore(search: string, sample: TrigramSample | null): string {
  if (!sample || sample.values < MIN_SAMPLE) return search;
  const chars = [...search];
  if (chars.length > MAX_CHOOSING_LENGTH) return search;
  const common = (trigram: string) => sample.common.has(trigram);
  const rare = (trigram: string) => !sample.frequent.has(trigram) && PLAIN.test(trigram);
  if (![...containsTrigrams(search)].some(common)) return search;
  // Where case folds one character at a time, a longer stretch holds every trigram of a shorter
  // one inside it: from each start, the longest stretch without a common trigram is the only one
  // worth asking about, and when it has no rare trigram, no shorter one from there has one.
  // (Where it does not, as Greek's final sigma, a better part may be missed, never a match.)
  const lowerSearch = search.toLowerCase();
  let best = '';
  for (let start = 0; start + 3 <= chars.length; start += 1) {
    let longest = { part: '', trigrams: [] as string[] };
    for (let stop = start + 3; stop <= chars.length; stop += 1) {
      const part = chars.slice(start, stop).join('');
      const trigrams = [...containsTrigrams(part)];
      if (trigrams.some(common)) break;
      if (trigrams.length > 0) longest = { part, trigrams };
    }
    if (
      longest.part.length > best.length &&
      longest.trigrams.some(rare) &&
      // A part that folds otherwise alone than within the search (a final sigma) could miss a match.
      lowerSearch.includes(longest.part.toLowerCase())
    ) {
      best = longest.part;
    }
  }
  return best || search;
}
