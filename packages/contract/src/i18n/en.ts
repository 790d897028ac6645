/**
 * The English catalog: every user-facing string of Dermis, with the specification's exact wording.
 * The web app renders text only through `t(key)`, and the server answers with these texts, so a
 * second language is a second catalog, not a rewrite.
 *
 * The texts of spec 000 live in `core` below. Each later area keeps its own texts in
 * `en-<area>.ts` (one exported `as const` object, keys prefixed with the area) spread into `en`, so
 * areas built side by side never edit the same lines.
 */
import { enComponents } from './en-components';
import { enLanguage } from './en-language';
import { enMail } from './en-mail';
import { enShell } from './en-shell';

const core = {
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
  'validation.invalidCharacters': 'This field contains characters that are not allowed.',

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

  // Two-step verification (spec 000 §3, §8, §9; the "two-step" engineer edits only this block)
  'twoStep.heading': '2-Step Verification Profile',
  'twoStep.authAppName': 'My Authenticator Profile',
  'twoStep.emailName': 'Email',
  'twoStep.preferred': 'Preferred',
  'twoStep.setPreferred': 'Set as preferred',
  'twoStep.delete': 'Delete',
  'twoStep.add': 'Add',
  'twoStep.none': 'You have no 2-step verification profile yet.',
  'twoStep.deleteTitle': 'Delete 2-Step Verification Profile',
  'twoStep.deleteText': 'To delete this profile, please enter your login password.',
  'twoStep.deleteConfirm': 'Delete profile',
  'twoStep.cancel': 'Cancel',
  'twoStep.addTitle': 'Add 2-Step Verification Profile',
  'twoStep.chooseType': 'How do you want to receive verification codes?',
  'twoStep.typeLabel': 'Type',
  'twoStep.typeAuthApp': 'Authenticator application',
  'twoStep.typeEmail': 'Email',
  'twoStep.next': 'Next',
  'twoStep.back': 'Back',
  'twoStep.emailPrompt': 'To continue, please enter your email address.',
  'twoStep.emailInvalid': 'Email is not valid',
  'twoStep.step1': 'Download an authenticator app on your phone.',
  'twoStep.step2': 'Open the app and set up a new account.',
  'twoStep.step3': 'Scan the QR code below with the app.',
  'twoStep.tooltip': 'We recommend the Google Authenticator app.',
  'twoStep.tooltipLabel': 'About authenticator apps',
  'twoStep.qrAlt': 'QR code for your authenticator app',
  'twoStep.qrLoading': 'Loading the QR code',
  'twoStep.loading': 'Loading your 2-step verification profiles',
  'twoStep.manualKey': 'Or enter this key in the app',
  'twoStep.enterCode': 'Enter the six-digit verification code.',
  'twoStep.codeGroup': 'Verification code',
  'twoStep.digit': 'Digit {n} of 6',
  'twoStep.verify': 'Verify',
  'twoStep.resend': 'Resend code',
  'twoStep.resent': 'Verification code sent successfully!',
  'twoStep.ok': 'OK',
  'twoStep.close': 'Close',
  'twoStep.errorTitle': 'Error',
  'twoStep.error.failed': 'Failed!',
  'twoStep.error.resend': 'Failed to resend OTP code.',
  'twoStep.error.add': 'Failed to add the new 2FA authentication profile.',
  'twoStep.error.fetchActive': 'Failed to fetch your active 2FA authentication profiles.',
  'twoStep.error.delete': 'Failed to delete your 2FA authentication profile.',
  'twoStep.error.setPreferred': 'Failed to set your 2FA authentication profile as preferred.',
  'twoStep.error.verify': 'Failed to verifying your 2FA authentication profile.',
  'twoStep.error.fetch': 'Failed to fetch 2FA authentication profiles.',
  'twoStep.error.addLogin': 'Failed to add new 2FA authentiction profile.',
  'twoStep.error.badPassword': 'Failed to deactivate 2FA authentication profile, incorrect password.',
  'twoStep.error.types': 'Failed to fetch types of 2FA authentication profiles.',
  'twoStep.error.typeExists': 'A 2-step verification profile of this type is already set up.',
  'twoStep.login.title': '2-Step Verification',
  'twoStep.login.explain':
    'To help keep your information secure, we want to make sure it is really you trying to sign in.',
  'twoStep.login.codeAuthApp': 'Enter the code shown by your authenticator application.',
  'twoStep.login.codeEmail': 'We sent a verification code to your email address.',
  'twoStep.login.spam': 'If you do not see the e-mail, please check your spam folder.',
  'twoStep.login.tryAnother': 'Try another way',
  'twoStep.login.useAuthApp': 'Use Authenticator application to generate a verification code.',
  'twoStep.login.useEmail': 'Send me a verification code via email.',
  'twoStep.login.submit': 'Sign In',
  'twoStep.setup.title': 'Set up 2-Step Verification',
  'twoStep.setup.required': 'Your practice requires 2-step verification. Please set it up to continue.',
  'twoStep.setup.time': 'You have {minutes} minutes to complete the setup.',
  'twoStep.mail.subject': 'Your verification code',
  'twoStep.mail.greeting': 'Hello,',
  'twoStep.mail.code': 'Your verification code is {code}. It expires in {minutes} minutes.',
  'twoStep.mail.ignore': 'If you did not ask for this code, you can ignore this e-mail.',

  // Account: password recovery, account settings, activity log, responsible persons (spec 000 §2,
  // §5, §8, §9; the "account" engineer edits only this block)
  'forgotPassword.intro': 'Enter your username and we will e-mail you a link to reset your password.',
  'forgotPassword.submit': 'Reset Password',
  'forgotPassword.inProgress': 'In Progress...',
  'forgotPassword.usernameRequired': 'The username field is required.',
  'forgotPassword.sent': 'The reset password link has been sent. Please check your email box.',
  'forgotPassword.error.noPatientForUsername': 'Username is not valid.',
  'forgotPassword.error.mailAlreadySent': 'The reset password mail has already been sent.',
  'forgotPassword.error.patientInactive': 'This account is inactive.',
  'forgotPassword.error.portalAccountInactive':
    'This Dermis account is inactive, please contact system support.',
  'forgotPassword.error.noEmailOnFile':
    'There is no email address on file for this account. Please ask your clinic to add one.',
  'forgotPassword.error.throttled':
    'Too many password reset requests. Please wait a few minutes and try again.',
  'forgotPassword.error.unexpected': 'Unexpected response, please try again or contact system support.',
  'forgotPassword.error.network': 'Something went wrong, please try again or contact system support.',
  'resetPassword.newPassword': 'New Password',
  'resetPassword.confirmPassword': 'Re-Enter New Password',
  'resetPassword.submit': 'Change Password',
  'resetPassword.passwordRequired': 'The password field is required.',
  'resetPassword.confirmationMismatch': 'The password confirmation does not match.',
  'resetPassword.invalid': 'The reset password link is invalid.',
  'resetPassword.expired':
    'The reset password link has expired. Please go on forgot password page and try again.',
  'resetPassword.forgotPasswordLink': 'Go to the forgot password page',
  'resetPassword.used': 'The reset password link has been used.',
  'resetPassword.success': 'Congratulations {username}, your password has been successfully reset!',
  'resetPassword.unexpected': 'Unexpected response, please try again or contact system support.',
  'resetPassword.network': 'Something went wrong, please try again or contact system support.',
  'mail.passwordReset.subject': 'Reset your password',
  'mail.passwordReset.greeting': 'Hello,',
  'mail.passwordReset.body':
    'We received a request to reset the password of your patient portal account. The link below works once and expires in {minutes} minutes.',
  'mail.passwordReset.ignore':
    'If you did not ask for this, ignore this email: your password stays the same.',
  'mail.passwordReset.action': 'Reset your password',
  'accountSettings.username': 'Username',
  'accountSettings.password': 'Password',
  'accountSettings.edit': 'Edit',
  'accountSettings.editUsername': 'Edit username',
  'accountSettings.editPassword': 'Edit password',
  'accountSettings.save': 'Save',
  'accountSettings.cancel': 'Cancel',
  'accountSettings.saving': 'Saving...',
  'accountSettings.newUsername': 'Type new Username',
  'accountSettings.missingUsername': 'Missing new username',
  'accountSettings.usernameTaken': 'Username has been already taken',
  'accountSettings.currentPassword': 'Current Password',
  'accountSettings.newPassword': 'New Password',
  'accountSettings.retypePassword': 'Retype New Password',
  'accountSettings.missingPassword': 'Missing new password',
  'accountSettings.passwordMismatch': 'New password does not match retyped password',
  'accountSettings.oldPasswordWrong': 'The old password is not correct.',
  'accountSettings.passwordChangeThrottled':
    'Too many wrong passwords. Please wait a few minutes and try again.',
  'accountSettings.lastPasswordChange': 'The last password modification was on {date}',
  'accountSettings.passwordNeverChanged': 'Password never changed',
  'accountSettings.saveFailed': 'An error occurred while saving your data. Please try again later.',
  'accountSettings.usernameSaved': 'Your username has been changed.',
  'accountSettings.passwordSaved': 'Your password has been changed.',
  'activityLog.subheader': 'This is a log of your Patient Portal activity',
  'activityLog.patientName': 'Patient Name',
  'activityLog.action': 'Action',
  'activityLog.dateTime': 'Date & Time (GMT{offset})',
  'activityLog.empty': 'You do not have any logged activity',
  'activityLog.fetchFailed': 'fetch failed, please try again ...',
  'activityLog.action.DOWNLOAD_PDF': 'Downloaded health information in PDF format',
  'activityLog.action.DOWNLOAD_CCDA': 'Downloaded health information in C-CDA format',
  'activityLog.action.VIEW': 'Viewed health information',
  'activityLog.action.TRANSMIT': 'Transmitted via Direct',
  'activityLog.action.TRANSMIT_VIA_EMAIL': 'Transmitted via email',
  'activityLog.action.TRANSMIT_VIA_EMAIL_TO': 'Transmitted via email to {address}',
  'responsiblePersons.subheader': 'This is a list of your Responsible Persons',
  'responsiblePersons.none': 'You have not assigned any Responsible Persons',
  'responsiblePersons.name': 'Name',
  'responsiblePersons.relationship': 'Relationship',
  'responsiblePersons.contact': 'Contact',
  'responsiblePersons.noContact': 'No contact',
  'responsiblePersons.otherRelationship': 'Other',
  'responsiblePersons.fetchFailed': 'fetch failed, please try again ...',

  // Invitations, e-mail verification, account creation, unsubscribe (spec 000 §2, §4, §5, §8; the "invitations" engineer edits only this block)
  'field.rePassword': 'Re-Enter Password',
  'field.dateOfBirth': 'Date of Birth',
  'validation.dateOfBirth': 'Please enter a valid date in the format MM/DD/YYYY.',
  'createAccount.intro':
    'Choose a username and a password for your patient portal account. Enter your date of birth to confirm who you are.',
  'createAccount.dateOfBirthHint': 'MM/DD/YYYY',
  'createAccount.submit': 'Create Account',
  'createAccount.inProgress': 'In Progress...',
  'createAccount.error.passwordMismatch': 'The password confirmation does not match.',
  'createAccount.error.expired':
    'This create account link has expired. Please ask your clinic staff to send you a new one.',
  'createAccount.error.invalid': 'This create account link is invalid.',
  'createAccount.warning.used': 'This create account link has already been used. Please sign in.',
  'createAccount.success': 'Your account has been created successfully and is ready to use.',
  'createAccount.error.usernameExists': 'The username exists in our system, please choose another.',
  'createAccount.error.wrongDateOfBirth': 'Wrong date of birth.',
  'createAccount.error.unknownResponse':
    'Your account cannot be created at the moment. Please try again later or ask your clinic staff to send you a new create account link.',
  'createAccount.error.serviceUnavailable':
    'Service is not available at the moment. Please try again later or ask your clinic staff for the help.',
  'createAccount.error.requestFailed': 'createAccount request failed, please try again ...',
  'verifyEmail.heading': 'Verifying your e-mail address',
  'verifyEmail.inProgress': 'Verifying your e-mail address, please wait...',
  'verifyEmail.success': 'Your email has been verified. Please create a username and password.',
  'verifyEmail.error.invalid': 'This e-mail verification link is invalid.',
  'verifyEmail.error.expired':
    'This e-mail verification link has expired. Please ask your clinic staff to send you a new one.',
  'verifyEmail.error.requestFailed': 'verifyEmail request failed, please try again ...',
  'verifyEmail.error.used': 'This e-mail verification link has already been used.',
  'verifyEmail.toLogin': 'Go to the sign-in page',
  'unsubscribe.heading': 'Unsubscribe',
  'unsubscribe.confirm.1': 'Are you sure you want to unsubscribe from e-mail appointment reminders?',
  'unsubscribe.confirm.3':
    'Are you sure you want to unsubscribe from e-mail reminders to schedule future appointments?',
  'unsubscribe.confirm.4': 'Are you sure you want to unsubscribe from custom e-mail messages?',
  'unsubscribe.yes': 'YES',
  'unsubscribe.no': 'NO',
  'unsubscribe.error': 'Something went wrong, please try again or contact system support.',
  'unsubscribeSuccess.heading': 'You have been unsubscribed',
  'unsubscribeSuccess.message.1': 'You have been unsubscribed from e-mail appointment reminders.',
  'unsubscribeSuccess.message.3':
    'You have been unsubscribed from e-mail reminders to schedule future appointments.',
  'unsubscribeSuccess.message.4': 'You have been unsubscribed from custom e-mail messages.',
  'unsubscribeSuccess.message.unknown': 'You have been unsubscribed.',
  'unsubscribeSuccess.ok': 'OK',
  'server.error.alreadyHasAccount':
    'This patient already has a portal account; send an e-mail verification link instead.',
  'server.error.noEmail': 'No e-mail address is known for this patient; pass one in "email".',
  'server.error.invalidUnsubscribeLink': 'This unsubscribe link is not valid.',
  'server.error.patientInactive': 'This patient is inactive or deceased; no link can be sent.',

  // Server (answers of apps/server; the server engineer edits only this block)
  'server.error.conflict': 'The request conflicts with existing data.',
  'server.error.badRequest': 'The request could not be read.',
  'server.error.apiKey': 'A valid API key is required in the X-Api-Key header.',
  'server.error.patientNotFound': 'No patient with external id {externalId} exists in this practice.',
  'server.error.practiceNotFound': 'No practice with id {practiceId} exists.',
  'server.error.selfLink': 'A patient cannot be their own responsible person.',
  'server.error.externalIdMismatch': 'The externalId in the body must match the one in the path.',
} as const;

export const en = {
  ...core,
  ...enMail,
  ...enLanguage,
  ...enComponents,
  ...enShell,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

/** The languages Dermis speaks; English is the default and the fallback. */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header (q-values honoured), else English. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? defaultLanguage;
}

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
