import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions of the pages visited in this tab, by history entry. */
const STORAGE_KEY = 'scroll-positions';
const positions = new Map<string, number>(readPositions());

function readPositions(): [string, number][] {
  try {
    return typeof sessionStorage === 'undefined'
      ? []
      : (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return [];
  }
}

/** The entry on screen now: a reload or a closed tab saves its position too. */
let currentKey: string | null = null;

function leaving(key: string) {
  positions.set(key, window.scrollY);
  currentKey = null;
}

/** Where the visitor was on the history entry `key`, when they were there before in this tab. */
export function savedScrollPosition(key: string): number | undefined {
  return positions.get(key);
}

function savePositions() {
  if (currentKey !== null) positions.set(currentKey, window.scrollY);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage refused (privacy modes): positions still hold for this page's lifetime.
  }
}

/**
 * What the browser does between documents, for the app's own navigations: a new page starts at
 * the top (or at its #section), Back and Forward return to where the visitor was.
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // Leaving an entry: remember where it was, as the next one starts to render. Read later, once
  // the next page (or its spinner) is in the document, a shorter page has cut the position short.
  if (currentKey !== null && currentKey !== key) leaving(currentKey);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => savePositions();
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    currentKey = key;
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    // The frame itself going (a page outside it follows): its entry is left as it goes.
    return () => {
      if (currentKey === key) leaving(key);
    };
  }, [key, hash, navigationType]);
}
