import { NOSCRIPT_MESSAGE } from './noscript-message';
import { Spinner } from './Spinner';

/** The attribute that marks the shell's placeholder: main.tsx renders over it, never hydrates it. */
export const SHELL_PLACEHOLDER_ATTRIBUTE = 'data-shell-placeholder';

/**
 * What the shell (the page of every route only the browser renders: payment, the parent's order
 * page, admin) shows from its HTML, painted with the stylesheet before any script has run. The
 * app renders the page over it once the page's code is in, so the page follows at once instead of
 * behind a second spinner, its Suspense boundary's, flashed while the code comes.
 */
export function ShellPlaceholder() {
  return (
    <div className="shell-placeholder" {...{ [SHELL_PLACEHOLDER_ATTRIBUTE]: '' }}>
      <Spinner />
      {/* Without scripts the page never comes: the stylesheet hides the spinner, and this says why. */}
      <noscript>
        <p className="shell-placeholder__noscript">{NOSCRIPT_MESSAGE}</p>
      </noscript>
    </div>
  );
}
