/**
 * Texts of the shell: practice branding, the public card, the phone menu, focus and the
 * rough edges of sign-in. Spanish in es-shell.ts, same keys.
 */
export const enShell = {
  'validation.brandColor': 'Use a colour in the form #RRGGBB.',
  'validation.timeZone': 'Use an IANA time zone name such as America/New_York.',
  'server.error.logoType': 'The logo must be a PNG, JPEG or SVG image.',
  'server.error.logoTooLarge': 'The logo must not be larger than {maxKb} KB.',
  'server.error.logoUnsafeSvg': 'The SVG logo contains scripts, event handlers or external references.',
  'server.error.logoEncoding': 'The logo must be sent in base64.',
  'activityLog.action.SIGN_IN': 'Signed in',
  'login.error.signInTimedOut': 'Your sign-in timed out. Please sign in again.',
  'login.error.codeAlreadyUsed':
    'That code was just used. Please wait for the next code in your authenticator app and enter it.',
  'accountSettings.samePassword': 'The new password must be different from the current password.',
  'nav.notificationsWithCount.one': 'Notifications {count} new',
  'nav.notificationsWithCount.other': 'Notifications {count} new',
  'publicCard.helpPhone': 'Need help? Call {practice} at {phone}.',
  'publicCard.helpNoPhone': 'Need help? Please contact your practice.',
  'publicCard.invited':
    'Invited by your practice but no account yet? Open the link in the invitation e-mail to create your account.',
  'publicCard.legal': 'Legal notices',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.menuTitle': 'Menu',
  'session.expiredNotice': 'You were signed out because your session expired. Please sign in again.',
  'status.backHome': 'Go to your home page',
  'verifyEmail.successActive': 'Your email has been verified. You can sign in now.',
  'validation.dateOfBirthCharacters': 'Only digits and / can be typed in the date of birth (MM/DD/YYYY).',
} as const;

export type ShellMessageKey = keyof typeof enShell;
