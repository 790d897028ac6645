import type { MessageKey } from '../../lib/i18n';

/** Spec 000 §2 "Badges page": the five sizes in pixels. */
export const badgeSizes = [
  { size: 'xlarge', width: 201, height: 70 },
  { size: 'large', width: 144, height: 50 },
  { size: 'medium', width: 115, height: 40 },
  { size: 'small', width: 81, height: 25 },
  { size: 'xsmall', width: 52, height: 16 },
] as const;

export type BadgeSize = (typeof badgeSizes)[number];
export type BadgeSizeName = BadgeSize['size'];

export function badgeLabelKey(size: BadgeSizeName): MessageKey {
  return `badges.size.${size}`;
}

export function badgeImageUrl(origin: string, size: BadgeSizeName): string {
  return `${origin}/badges/dermis-${size}.svg`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The copy-and-paste HTML a partner site puts on its page: a link to sign-in around the badge image. */
export function badgeSnippet(origin: string, badge: BadgeSize, alt: string): string {
  return (
    `<a href="${escapeAttribute(origin)}/login">` +
    `<img src="${escapeAttribute(badgeImageUrl(origin, badge.size))}" width="${badge.width}" height="${badge.height}" alt="${escapeAttribute(alt)}">` +
    `</a>`
  );
}
