/**
 * The English catalog: every user-facing string of Dermis, with the specification's exact wording.
 * The web app renders text only through `t(key)`, and the server answers with these texts, so a
 * second language later is a second catalog, not a rewrite.
 */
export const en = {
  'app.name': 'Dermis',
  'app.tagline': 'We Bring Doctors & Patients Closer Together.',
  'app.noscript': 'Dermis needs JavaScript. Please enable scripting in your browser to use the patient portal.',

  // Generic validation (spec 000 §5)
  'validation.fieldRequired': '{field} is required',
  'validation.fieldRequiredGeneric': 'Field {field} is required!',
  'validation.maxLength': 'This field can not contain more than {maxLength} characters',
  'validation.username':
    'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
  'validation.password':
    'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
  'validation.invalid': 'The value is not valid.',

  'field.username': 'Username',
  'field.password': 'Password',

  // Sign-in (spec 000 §2, §8)
  'login.title': 'Sign in',
  'login.heading': 'Sign in to your patient portal',
  'login.submit': 'Sign In',
  'login.inProgress': 'In Progress...',
  'login.forgotPassword': 'Forgot your password?',
  'login.error.badCredentials': 'Bad Credentials',
  'login.error.requestFailed': 'Sign in request failed!',
  'login.error.noToken': 'Invalid response received - no token',
  'login.error.noServers': 'Invalid response received - no servers data',
  'login.error.noUser': 'Invalid response received - no user data',
  'login.error.invalidOtp': 'Invalid OTP code.',
  'login.error.codeFailed': 'Failed!',
  'login.error.throttled': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'login.twoStepComingSoon':
    'Your account uses 2-step verification, which this version of Dermis cannot complete yet. Please contact your clinic.',

  // Errors and generic texts (spec 000 §8)
  'error.generic': 'Something went wrong, please try again or contact support.',
  'error.unauthorized': 'Your session has expired. Please sign in again.',
  'error.forbidden': 'Access denied.',
  'error.notFound': 'Not found.',
  'error.validation': 'The request is not valid.',

  // Public pages
  'forbidden.title': '403 Access Denied',
  'forbidden.text': "403 Access Denied - You don't have permission to access requested page.",
  'notFound.title': 'Page not found',
  'notFound.link': 'Go to the sign-in page',
  'noSuchPage.title': 'No such page',
  'placeholder.text': 'This part of Dermis is not built yet. It arrives with a later release.',

  // Navigation (spec 000 §2)
  'nav.myHealthProfile': 'My Health Profile',
  'nav.appointments': 'Appointments',
  'nav.notifications': 'Notifications',
  'nav.noNotifications': 'No new notifications',
  'nav.notificationEntry': 'Review your medical profile before visiting {provider}',
  'nav.responsiblePerson': 'Responsible Person',
  'nav.viewAs': 'View as {name}',
  'nav.account': 'Account',
  'nav.healthInformation': 'Health Information',
  'nav.messages': 'Messages',
  'nav.pharmacies': 'Pharmacies',
  'nav.logout': 'Logout',
  'nav.firstTimeLogin': 'First-time login (development)',
  'nav.screening': 'Screening (development)',
  'nav.activityLog': 'Activity Log',
  'nav.returnToAccount': 'Return to your account',
  'nav.viewingAccountOf': 'Viewing the account of:',
  'nav.mainMenu': 'Main menu',
  'nav.profileMenu': 'Profile menu for {name}',

  // Footer (spec 000 §2)
  'footer.home': 'Home',
  'footer.termsOfUse': 'Terms of Use',
  'footer.privacyPolicy': 'Privacy Policy',
  'footer.badges': 'Badges',
  'footer.top': 'Top',
  'footer.copyright': '© {year} Dermis contributors. All rights reserved.',
  'footer.terminology':
    'This product uses SNOMED Clinical Terms® (SNOMED CT®) US Edition, release 20250901.',
  'footer.terminologyTooltip':
    'Some material in the UMLS Metathesaurus is from copyrighted sources of the respective copyright holders. Users are solely responsible for compliance with any copyright, patent or trademark restrictions.',
  'footer.version': 'Version {version}',

  // Badges (spec 000 §2)
  'badges.title': 'Dermis badges',
  'badges.intro':
    'Partner sites can link to the patient portal with one of these badges. Choose a size and copy the HTML snippet into your page.',
  'badges.size': 'Badge size',
  'badges.snippet': 'HTML snippet for the {size} badge',
  'badges.copy': 'Copy snippet',
  'badges.copied': 'Copied',
  'badges.alt': 'Patient portal powered by Dermis',
  'badges.size.xlarge': 'Extra large (201x70)',
  'badges.size.large': 'Large (144x50)',
  'badges.size.medium': 'Medium (115x40)',
  'badges.size.small': 'Small (81x25)',
  'badges.size.xsmall': 'Extra small (52x16)',

  // Legal pages (spec 000 §1)
  'legal.terms.title': 'Terms and Conditions',
  'legal.termsOfUse.title': 'Terms of Use',
  'legal.privacy.title': 'Privacy Policy',
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

/** Fills `{name}` placeholders. Unknown placeholders stay visible so a missing value is noticed. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate(key: MessageKey, params?: Record<string, string | number>, catalog: Catalog = en): string {
  return format(catalog[key], params);
}
