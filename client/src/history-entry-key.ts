/**
 * Gives the browser's current history entry a key of its own before the router starts.
 *
 * React Router keys saved scroll positions by the entry's key, but an entry opened by typing
 * an address, a bookmark or an e-mail link has none and is read as "default": every such page
 * in the tab shared one saved position, so /about opened at the footer because /faq had been
 * scrolled there. With a key of its own a newly opened page starts at the top, while a reload,
 * Back and Forward keep finding their entry's position.
 */
export function keyCurrentHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== 'default') return;
  const key = Math.random().toString(36).slice(2, 10);
  try {
    history.replaceState({ usr: null, idx: 0, ...current, key }, '');
  } catch {
    // Some embedded browsers refuse replaceState: the page still works, only scroll memory suffers.
  }
}
