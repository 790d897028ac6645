/**
 * The Messages area's rules that need no screen (spec 002 §2 "Messages area", §5 "Compose", §9):
 * list and view dates, the address rule, reply and forward drafts, and which files may be attached.
 */
import dayjs from 'dayjs';
import {
  hasBidiControls,
  isAllowedAttachmentName,
  messageAddressPattern,
  messageAttachmentAccept,
  messageAttachmentMaxBytes,
  showBidiControls,
} from '@dermis/contract';
import { t } from '../../lib/i18n';
import { localDate } from '../../lib/i18n/local-date';

/**
 * Spec 002 §2: 'MMM Do' within the current year, 'MMM Do, YYYY' otherwise (in the browser's zone);
 * in Spanish '4 mar' and '22 dic 2025'.
 */
export function listDate(iso: string, now: Date = new Date()): string {
  return dayjs(iso).year() === dayjs(now).year()
    ? localDate(iso, 'MMM Do', { day: 'numeric', month: 'short' })
    : localDate(iso, 'MMM Do, YYYY', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The message view's 'Date and time' (and the quoted header of a reply or forward). */
export function viewDate(iso: string): string {
  return localDate(iso, 'MMM Do, YYYY h:mm A', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Spec 002 §5: user, @, domain, a 2 to 4 letter suffix (the contract's rule, which the server applies too). */
export function isAddressValid(value: string): boolean {
  return messageAddressPattern.test(value.trim());
}

export interface QuotedMessage {
  from: string;
  to: string;
  subject: string;
  content: string;
  dateSent: string;
}

export interface Draft {
  to: string;
  subject: string;
  content: string;
}

/** A line of underscores separates the reply from the quoted original (spec 002 §2). */
export const replySeparator = '_'.repeat(40);

function prefixed(prefix: string, subject: string): string {
  // Replying to a reply keeps one prefix, as mail programs do, instead of 'Re: Re: Re: '.
  return subject.toLowerCase().startsWith(prefix.trim().toLowerCase()) ? subject : `${prefix}${subject}`;
}

function header(message: QuotedMessage): string {
  return [
    t('messages.quoteFrom', { from: message.from }),
    t('messages.quoteDate', { date: viewDate(message.dateSent) }),
    t('messages.quoteTo', { to: message.to }),
    t('messages.quoteSubject', { subject: message.subject }),
  ].join('\n');
}

/** The bare address of 'Name <address>' (how the server names a sender), or the text as it is. */
export function bareAddress(value: string): string {
  const match = /<([^<>\s]+)>\s*$/.exec(value);
  return match?.[1] ?? value.trim();
}

/** A row's short name: the name of 'Name <address>', else the address. */
export function partyName(value: string): string {
  const match = /^(.+?)\s*<[^<>\s]+>\s*$/.exec(value);
  return match?.[1] ?? value.trim();
}

/** Reply: to the original sender, 'Re: ' subject, the original quoted after a line of underscores. */
export function replyDraft(message: QuotedMessage): Draft {
  return {
    to: bareAddress(message.from),
    subject: prefixed(t('messages.replyPrefix'), message.subject),
    content: `\n\n${replySeparator}\n${header(message)}\n\n${message.content}`,
  };
}

/** Forward: no recipient yet, 'Fwd: ' subject, the original after the 'Forwarded' marker line. */
export function forwardDraft(message: QuotedMessage): Draft {
  return {
    to: '',
    subject: prefixed(t('messages.forwardPrefix'), message.subject),
    content: `\n\n${t('messages.forwardedMarker')}\n${header(message)}\n\n${message.content}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Attachments (spec 002 §3 "Attachment", §4 "Attachment upload", §5, §9)

/** Spec 002 §9: 3.5 MB, counted in decimal bytes. */
export const maxAttachmentBytes = messageAttachmentMaxBytes;
/** Spec 002 §9: attachment notices vanish after 5 s. */
export const noticeMs = 5000;

/** For the file picker's `accept`: the spec §5 list of types. */
export const acceptAttribute = messageAttachmentAccept;

/**
 * Spec 002 §5: Office, OpenDocument, Apple iWork, pdf, png, jpg, tif/tiff, gif, txt, html/htm, rtf,
 * rtx, xml, csv, zip and 7z. By name here; the server checks the content as well.
 */
export function isAllowedType(name: string): boolean {
  return isAllowedAttachmentName(name);
}

/** Spec 002 §3: the same file is the same name and last-modified time. */
export function fileKey(file: Pick<File, 'name' | 'lastModified'>): string {
  return `${file.name}${file.lastModified}`;
}

export interface FileCheck<F> {
  accepted: F[];
  duplicate: boolean;
  tooLarge: string[];
  notAllowed: string[];
  /** Names holding direction controls (U+202E and kin), which can make a name lie about its type. */
  directionControls: string[];
}

/** Sorts chosen files into those to upload and the refusals, each with its notice. */
export function checkFiles<F extends Pick<File, 'name' | 'lastModified' | 'size'>>(
  files: readonly F[],
  existingKeys: ReadonlySet<string>,
): FileCheck<F> {
  const seen = new Set(existingKeys);
  const result: FileCheck<F> = {
    accepted: [],
    duplicate: false,
    tooLarge: [],
    notAllowed: [],
    directionControls: [],
  };
  for (const file of files) {
    const key = fileKey(file);
    if (seen.has(key)) result.duplicate = true;
    else if (file.size > maxAttachmentBytes) result.tooLarge.push(file.name);
    else if (hasBidiControls(file.name)) result.directionControls.push(file.name);
    else if (!isAllowedType(file.name)) result.notAllowed.push(file.name);
    else {
      seen.add(key);
      result.accepted.push(file);
    }
  }
  return result;
}

/** The notices of one check, in the spec's words; the rejected names are listed in one notice each. */
export function fileNotices(check: FileCheck<unknown>): string[] {
  const notices: string[] = [];
  if (check.duplicate) notices.push(t('messages.duplicateFile'));
  if (check.tooLarge.length > 0)
    notices.push(t('messages.fileTooLarge', { name: check.tooLarge.join(', ') }));
  if (check.notAllowed.length > 0)
    notices.push(t('messages.fileTypeNotAllowed', { name: check.notAllowed.join(', ') }));
  // The controls are written out (U+202E), so the notice itself is not reordered by them.
  if (check.directionControls.length > 0)
    notices.push(
      t('messages.fileNameDirection', { name: check.directionControls.map(showBidiControls).join(', ') }),
    );
  return notices;
}
