/**
 * Scrolls the window to the top over `duration` ms with an ease-out curve (spec 000 §9: 400 ms).
 * People who ask the system for reduced motion get an immediate jump instead.
 */
export function scrollToTop(duration = 400): void {
  const start = window.scrollY;
  if (start <= 0) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / duration);
    window.scrollTo(0, start * (1 - (1 - (1 - progress) ** 3)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
