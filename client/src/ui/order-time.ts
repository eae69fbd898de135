/**
 * How long the order form takes, said the same way on every page that says it (the home page,
 * How it works, the process and about pages, the form itself and its description for search).
 */
export const ORDER_MINUTES_WORDS = 'five minutes';

/** "It takes about five minutes." */
export const ORDER_TIME_SENTENCE = `It takes about ${ORDER_MINUTES_WORDS}.`;

/** "Five minutes", to start a sentence with. */
export const ORDER_MINUTES_CAPITALIZED = ORDER_MINUTES_WORDS[0].toUpperCase() + ORDER_MINUTES_WORDS.slice(1);
