/**
 * One layout for every e-mail: the practice's name, a greeting, short paragraphs and at most one
 * button, as plain text and as HTML. Everything inserted is escaped; no health data goes in.
 */
import type { Language } from '@dermis/contract';
import { translatorFor } from '../i18n';

export interface MailContent {
  /** The recipient's language (default English); the layout's own words follow it. */
  language?: Language | null;
  practiceName: string;
  /** The practice's brand colour (already 4.5:1 against white) and absolute logo address, if set. */
  brand?: { color: string | null; logoUrl: string | null };
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the body, e.g. the unsubscribe link of a reminder. */
  footer?: { text: string; link?: { label: string; url: string } };
}

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const tr = translatorFor(content.language);
  const signature = tr('mail.layout.signature', { practiceName: content.practiceName });
  const subject = `${content.practiceName}: ${content.subject}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    signature,
    ...(content.footer
      ? [
          '',
          content.footer.text,
          ...(content.footer.link ? [`${content.footer.link.label}: ${content.footer.link.url}`] : []),
        ]
      : []),
  ].join('\n');

  const color = content.brand?.color ?? '#07666c';
  const logo = content.brand?.logoUrl
    ? `<img src="${escapeHtml(content.brand.logoUrl)}" alt="" width="40" height="40" style="vertical-align:middle;margin-right:8px">`
    : '';
  const html = `<!doctype html>
<html lang="${content.language ?? 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">
<p style="font-size:18px;font-weight:bold;color:${color};margin:0 0 16px;border-bottom:3px solid ${color};padding-bottom:8px">${logo}${escapeHtml(content.practiceName)}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(tr('mail.layout.buttonFallback', { url: content.action.url }))}</p>`
    : ''
}
${
  content.footer
    ? `<hr style="border:none;border-top:1px solid #d9e2ec"><p style="font-size:13px;color:#52606d">${escapeHtml(content.footer.text)}${
        content.footer.link
          ? ` <a href="${escapeHtml(content.footer.link.url)}">${escapeHtml(content.footer.link.label)}</a>`
          : ''
      }</p>`
    : ''
}
</body></html>`;
  return { subject, text, html };
}

/** The brand of a practice row for an e-mail: its colour and its logo's public address. */
export function mailBrand(
  publicUrl: string,
  practice: { practiceId: number; practiceBrandColor: string | null; practiceLogoMimeType: string | null },
): MailContent['brand'] {
  return {
    color: practice.practiceBrandColor,
    logoUrl: practice.practiceLogoMimeType
      ? `${publicUrl}/api/practice-branding/${practice.practiceId}/logo`
      : null,
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
