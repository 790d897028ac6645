/**
 * The English catalog: every user-facing string of Dermis, with the specification's exact wording.
 * The web app renders text only through `t(key)`, and the server answers with these texts, so a
 * second language later is a second catalog, not a rewrite.
 */
export const en = {
  'app.name': 'Dermis',
  'app.tagline': 'We Bring Doctors & Patients Closer Together.',
  'app.noscript':
    'Dermis needs JavaScript. Please enable scripting in your browser to use the patient portal.',

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
  'footer.terminology': 'This product uses SNOMED Clinical Terms® (SNOMED CT®) US Edition, release 20250901.',
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
  'legal.termsOfUse.intro':
    'These Terms of Use govern your use of the Dermis patient portal (the Portal), which your medical practice (the Practice) makes available to you. By signing in you accept them.',
  'legal.termsOfUse.provider.heading': 'Who provides the Portal',
  'legal.termsOfUse.provider.body':
    'The Portal is provided to your Practice by its software vendor (the Vendor), located in Naples, Florida. The Vendor is a business associate of your Practice under the Health Insurance Portability and Accountability Act (HIPAA) and the Health Information Technology for Economic and Clinical Health Act (HITECH), and protects your health information as those laws require.',
  'legal.termsOfUse.urgent.heading': 'Not for urgent medical matters',
  'legal.termsOfUse.urgent.body':
    'Do not send urgent medical matters through the Portal: messages may not be read right away. In a medical emergency call 911 or go to the nearest emergency room.',
  'legal.termsOfUse.account.heading': 'Your account',
  'legal.termsOfUse.account.body':
    'Keep your username and password secret and sign out when you finish, above all on a shared computer. Tell your Practice at once if you think someone else has used your account.',
  'legal.termsOfUse.minors.heading': 'Minors and the people who act for them',
  'legal.termsOfUse.minors.body':
    'Each Practice decides whether and how minors, and the parents, guardians and other responsible persons who act for them, may use the Portal. A responsible person sees only what the Practice allows.',
  'legal.termsOfUse.accuracy.heading': 'Your health information',
  'legal.termsOfUse.accuracy.body':
    "The information in the Portal comes from your Practice's records and from what you enter. It does not replace the advice of your health care provider. Tell your Practice when something is wrong.",
  'legal.termsOfUse.optOut.heading': 'Opting out',
  'legal.termsOfUse.optOut.body':
    'You may stop using the Portal at any time. To opt out, notify your Practice, which then closes your access.',
  'legal.termsOfUse.changes.heading': 'Changes to these terms',
  'legal.termsOfUse.changes.body': 'These terms may change. The current version is always on this page.',
  'legal.privacy.intro':
    'This Privacy Policy explains how the Dermis patient portal (the Portal) handles your personal and health information. It was last updated on Oct 1, 2013.',
  'legal.privacy.who.heading': 'Who we are',
  'legal.privacy.who.body':
    'The Portal is operated for your medical practice (the Practice) by its software vendor (the Vendor), located in Naples, Florida. The Vendor is a business associate of your Practice under HIPAA and HITECH and handles your protected health information only as your Practice directs and those laws allow.',
  'legal.privacy.collect.heading': 'What the Portal holds',
  'legal.privacy.collect.body':
    'What your Practice sends to the Portal (such as your demographics, appointments, health history and documents), what you enter yourself, and a log of your account activity: sign-ins and every view, download and transmission of your health information.',
  'legal.privacy.use.heading': 'How it is used',
  'legal.privacy.use.body':
    'To show your health information to you and to the people you or your Practice authorize, to let you communicate with your Practice, to keep your account secure and to meet legal obligations. Your information is never sold.',
  'legal.privacy.access.heading': 'Who can see it',
  'legal.privacy.access.body':
    'Your Practice, the responsible persons your Practice has linked to your account, and the recipients you choose when you send or transmit your record. Each Practice decides the access of minors and of those who act for them.',
  'legal.privacy.security.heading': 'Security',
  'legal.privacy.security.body':
    'Information is encrypted in transit, access is limited to authorized people, and every view, download and transmission of your health information is recorded in your activity log.',
  'legal.privacy.urgent.heading': 'Urgent medical matters',
  'legal.privacy.urgent.body':
    'Do not send urgent medical matters through the Portal. In a medical emergency call 911.',
  'legal.privacy.choices.heading': 'Your choices',
  'legal.privacy.choices.body':
    'You can review your activity log, update your profile and unsubscribe from e-mail notifications. To opt out of the Portal altogether, notify your Practice.',
  'legal.privacy.contact.heading': 'Questions',
  'legal.privacy.contact.body':
    'Questions about your health information go to your Practice, which keeps your medical record.',
  'legal.terms.intro':
    'These Terms and Conditions apply to everyone who uses the Dermis patient portal (the Portal), including partner sites that show a Dermis badge.',
  'legal.terms.use.heading': 'Use of the Portal',
  'legal.terms.use.body':
    'Use the Portal only lawfully, and only with your own account or for a patient your Practice lets you act for. Do not try to reach information that is not yours.',
  'legal.terms.data.heading': 'Health information',
  'legal.terms.data.body':
    'The software vendor, located in Naples, Florida, handles health information as a business associate of your Practice under HIPAA and HITECH. The Privacy Policy says how.',
  'legal.terms.urgent.heading': 'No urgent medical matters',
  'legal.terms.urgent.body': 'The Portal is not for urgent medical matters. In a medical emergency call 911.',
  'legal.terms.minors.heading': 'Minors',
  'legal.terms.minors.body': "Each Practice decides minors' access to the Portal.",
  'legal.terms.badges.heading': 'Badges and links',
  'legal.terms.badges.body':
    'Partner sites may link to the Portal with the badges of the Badges page, unchanged. A badge does not mean that the vendor endorses the partner site.',
  'legal.terms.optOut.heading': 'Opting out',
  'legal.terms.optOut.body': 'To stop using the Portal, notify your Practice.',

  // Web app shell and pages (apps/web)
  'app.title': 'Dermis - {page}',
  'app.skipToContent': 'Skip to main content',
  'app.logoLabel': 'Dermis home',
  'app.loading': 'Loading...',
  'page.signIn': 'Sign In',
  'page.signingOut': 'Signing Out',
  'page.healthProfile': 'Health Profile',
  'page.appointments': 'Appointments',
  'page.pharmacies': 'Pharmacies',
  'page.healthInformation': 'Health Information',
  'page.healthDocument': 'Health Document',
  'page.messages': 'Messages',
  'page.firstTimeLogin': 'First-Time Setup',
  'page.screening': 'Screening',
  'page.accountSettings': 'Account Settings',
  'page.activityLog': 'Activity Log',
  'page.responsiblePersons': 'Responsible Persons',
  'page.forgotPassword': 'Forgot Password',
  'page.resetPassword': 'Reset Password',
  'page.createAccount': 'Create Account',
  'page.verifyEmail': 'Verify Email',
  'page.unsubscribe': 'Unsubscribe',
  'page.unsubscribeSuccess': 'Unsubscribed',
  'page.badges': 'Badges',
  'page.forbidden': 'Access Denied',
  'page.notFound': 'Page Not Found',
  'page.noSuchPage': 'No Such Page',
  'page.termsAndConditions': 'Terms and Conditions',
  'page.termsOfUse': 'Terms of Use',
  'page.privacyPolicy': 'Privacy Policy',
  'myHealthProfile.welcome': 'Welcome, {firstName}',
  'placeholder.step': 'Step: {step}',
  'account.menu': 'Account menu',
  'nav.notificationCount': '{count} new',
  'footer.navigation': 'Footer',
  'footer.terminologyCopyright': 'UMLS Metathesaurus copyright',
  'badges.previewHeading': 'Preview',
  'badges.snippetHeading': 'Copy and paste',
  'login.togglePassword': 'Show or hide the password',

  // Server (answers of apps/server; the server engineer edits only this block)
  'server.error.conflict': 'The request conflicts with existing data.',
  'server.error.badRequest': 'The request could not be read.',
  'server.error.apiKey': 'A valid API key is required in the X-Api-Key header.',
  'server.error.patientNotFound': 'No patient with external id {externalId} exists in this practice.',
  'server.error.practiceNotFound': 'No practice with id {practiceId} exists.',
  'server.error.selfLink': 'A patient cannot be their own responsible person.',
  'server.error.externalIdMismatch': 'The externalId in the body must match the one in the path.',
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

export function translate(
  key: MessageKey,
  params?: Record<string, string | number>,
  catalog: Catalog = en,
): string {
  return format(catalog[key], params);
}
