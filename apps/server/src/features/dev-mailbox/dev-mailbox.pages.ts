/**
 * Server-rendered pages of the development mailbox. Plain HTML with one <style> block (the CSP allows
 * inline styles, never inline scripts), so it works without the web app being built. The message page
 * shows the text body with its addresses turned into links: every e-mail carries the same link in
 * both bodies, and a link here opens the portal page in the same tab.
 */
import { escapeHtml } from '../../lib/mail/template';

export interface MailboxRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  category: string;
  createdAt: Date;
  attachments?: { fileName: string; size: number; url: string }[];
}

const style = `
body{font-family:Arial,Helvetica,sans-serif;color:#1f2933;margin:0 auto;max-width:960px;padding:16px;line-height:1.5}
h1{font-size:1.6rem;color:#07505a}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #cbd2d9;vertical-align:top}
a{color:#0b4f8a}
pre{white-space:pre-wrap;word-break:break-word;background:#f5f7fa;border:1px solid #cbd2d9;padding:12px;font-size:0.95rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
dt{font-weight:bold}
dd{margin:0}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

export function renderMailboxList(rows: MailboxRow[]): string {
  const body =
    rows.length === 0
      ? '<p>No e-mail has been sent yet.</p>'
      : `<table><caption>Newest first</caption><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Category</th><th scope="col">Time</th></tr></thead><tbody>
${rows
  .map(
    (r) =>
      `<tr><td>${escapeHtml(r.to)}</td><td><a href="/dev/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td><td>${escapeHtml(r.category)}</td><td><time datetime="${r.createdAt.toISOString()}">${escapeHtml(r.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></td></tr>`,
  )
  .join('\n')}
</tbody></table>`;
  return page(
    'Development mailbox',
    `<h1>Development mailbox</h1>
<p>E-mail kept by the outbox mailer (no SMTP server configured). Not available in production.</p>${body}`,
  );
}

export function renderMailboxMessage(row: MailboxRow): string {
  return page(
    `${row.subject} - Development mailbox`,
    `<p><a href="/dev/mailbox">Back to the mailbox</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(row.to)}</dd><dt>Category</dt><dd>${escapeHtml(row.category)}</dd><dt>Time</dt><dd><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></dd></dl>
<h2>Message</h2>
<pre>${linkify(row.text)}</pre>${
      row.attachments?.length
        ? `<h2>Attachments</h2><ul>${row.attachments
            .map(
              (a) =>
                `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.fileName)}</a> (${a.size} bytes)</li>`,
            )
            .join('')}</ul>`
        : ''
    }`,
  );
}

/** Escapes the text and turns every http(s) address into a link. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}
