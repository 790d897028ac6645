import type { Gender } from '@dermis/contract';

interface IconProps {
  size?: number;
}

/** Decorative: the first name next to it carries the meaning, so the icon is hidden from assistive tech. */
export function WomanIcon({ size = 20 }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-icon="woman"
    >
      <circle cx="12" cy="6" r="4" fill="currentColor" />
      <path d="M12 11c-3 0-5 2-5.5 5L5 21h14l-1.5-5c-.5-3-2.5-5-5.5-5z" fill="currentColor" />
    </svg>
  );
}

export function ManIcon({ size = 20 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon="man">
      <circle cx="12" cy="6" r="4" fill="currentColor" />
      <path d="M6 21v-5c0-3 2.5-5 6-5s6 2 6 5v5H6z" fill="currentColor" />
    </svg>
  );
}

/** Spec 000 §2: the woman icon for FEMALE or UNKNOWN, the man icon for every other value. */
export function usesWomanIcon(gender: Gender): boolean {
  return gender === 'FEMALE' || gender === 'UNKNOWN';
}

export function GenderIcon({ gender, size }: IconProps & { gender: Gender }) {
  return usesWomanIcon(gender) ? <WomanIcon size={size} /> : <ManIcon size={size} />;
}
