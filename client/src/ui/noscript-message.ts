/** What the shell says in place of its spinner to a browser that runs no scripts (ShellPlaceholder). */
export const NOSCRIPT_MESSAGE = "This page needs JavaScript. Turn it on in your browser's settings, then reload the page.";
