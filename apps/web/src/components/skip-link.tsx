import { createContext, useContext, type MouseEvent } from 'react';
import { t } from '../lib/i18n';

export const mainContentId = 'main-content';
/** The page's <header>, which holds the logo and, signed in, the navigation. */
export const siteHeaderId = 'site-header';

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

/** Whether the header above the page holds the navigation; the root layout says so when signed in. */
export const HeaderNavigationContext = createContext(false);

/**
 * Marks where 'Skip to navigation' lands: the navigation landmark on wide screens, the menu button on
 * a phone, which it opens. The first one that is displayed wins (the other is hidden by CSS at that width).
 */
const targetAttribute = 'data-skip-to-navigation';
export const navigationTarget = { [targetAttribute]: '' };

function displayed(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/**
 * Pages move focus to their h1 (decision 135), which comes after the header in reading order; this
 * link follows the h1 so the header's links and menus are a few forward Tabs away. Hidden until focused,
 * like the skip link at the top. It focuses the navigation's first item rather than the <nav> itself,
 * so one Tab fewer reaches each menu and the focus ring shows where the user is.
 */
export function SkipToNavigationLink() {
  const hasNavigation = useContext(HeaderNavigationContext);
  if (!hasNavigation) return null;
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const marked = [...document.querySelectorAll<HTMLElement>(`[${targetAttribute}]`)].find(displayed);
    const target = marked?.matches('a[href], button')
      ? marked
      : marked?.querySelector<HTMLElement>('a[href], button');
    target?.focus();
    // On a phone the navigation is behind the menu button, and the button is the header's last
    // control: focused alone, the next Tab went back into the page. Opening the menu lands on its
    // first link (data-autofocus), as on a wide screen; closing it returns focus to the button.
    if (target?.getAttribute('aria-expanded') === 'false') target.click();
  }
  return (
    <a className="skip-link" href={`#${siteHeaderId}`} onClick={skip} data-testid="skip-to-navigation">
      {t('app.skipToNavigation')}
    </a>
  );
}
