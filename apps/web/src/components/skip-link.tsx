import type { MouseEvent } from 'react';
import { t } from '../lib/i18n';

export const mainContentId = 'main-content';

/**
 * First focusable element of every page. Focus moves by script, not by the #hash, so the router's
 * location (and a remembered sign-in target) never picks up a stray fragment.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const main = document.getElementById(mainContentId);
    main?.focus();
    main?.scrollIntoView();
  }
  return (
    <a className="skip-link" href={`#${mainContentId}`} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
