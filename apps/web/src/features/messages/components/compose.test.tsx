import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { maxAttachmentBytes, noticeMs } from '../format';
import { Compose } from './compose';
import { MessageList } from './message-list';
import { MessageView } from './message-view';
import { MessagesLayout } from './messages-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.held = false;
  FakeXhr.unfinished = [];
});

const person = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  directAddress: 'maria.gonzalez@direct.dermis.example.org',
  directServiceEnabled: true,
  directSendsOutside: true,
  directDomain: 'direct.dermis.example.org',
};

/** The same person on a portal with no HISP: Direct reaches only the practice's own domain. */
const localOnly = { ...person, directSendsOutside: false };

const original = {
  id: 31,
  patientId: 7,
  directMessageType: 'RECEIVED',
  from: 'dr.lee@direct.sunshine-derm.example.org',
  to: person.directAddress,
  subject: 'Your biopsy results',
  content: 'The results are benign.',
  mimeType: 'text/plain',
  dateSent: '2026-03-04T15:30:00Z',
  dateModified: '2026-03-04T15:30:00Z',
  messageWasRead: false,
  isDirect: true,
  status: 'DELIVERED',
  failureReason: null,
  sentByFullName: null,
  attachments: [],
};
const list = (type: string, messages: unknown[]) => ({
  directMessageType: type,
  noOfUnread: 1,
  totalCount: messages.length,
  page: 0,
  pageSize: 200,
  messages,
});

/**
 * The blob store's PUT is the one edge not reached through fetch: a stand-in XMLHttpRequest that
 * reports half, then all, of the upload.
 */
/**
 * An upload that reports half its bytes at once, then finishes. While `held`, it finishes only when the
 * test calls `finishAll`, so the progress bar stays on screen until then however slowly the machine
 * runs the test (a timer-driven finish could come before the test looked).
 */
class FakeXhr {
  static puts: string[] = [];
  static held = false;
  static unfinished: (() => void)[] = [];
  static finishAll() {
    for (const finish of FakeXhr.unfinished.splice(0)) finish();
  }
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  status = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(file: File) {
    FakeXhr.puts.push(`${this.url} ${file.name}`);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: file.size / 2, total: file.size });
      const finish = () => {
        this.status = 200;
        this.onload?.();
      };
      if (FakeXhr.held) FakeXhr.unfinished.push(finish);
      else setTimeout(finish, 0);
    }, 0);
  }
}

const report = { id: 41, name: 'report.pdf', size: 2000, mimeType: 'application/pdf' };
/** What the fake server's content check finds, where it is not what the browser declared. */
const checkedTypes: Record<string, string> = { 'evil.exe.png': 'image/png' };

function server(
  message: Omit<typeof original, 'attachments'> & { attachments: unknown[] } = original,
  sendRefusal?: { status: number; body: unknown },
  addRefusal?: { status: number; body: unknown },
) {
  let uploads = 0;
  let forwards = 0;
  return mockFetch((url, init) => {
    if (url.endsWith('directMessage/forwardAttachments')) {
      const body = JSON.parse(init.body as string) as { messageId: number; channel: string };
      if (body.messageId !== message.id) return { status: 403, body: { error: 'FORBIDDEN' } };
      return {
        body: {
          attachments: [
            { ...report, id: 700 + ++forwards, channel: body.channel, createdAt: '2026-11-26T00:00:00Z' },
          ],
        },
      };
    }
    if (url.endsWith('patient/dermis/getMessages')) {
      const body = JSON.parse(init.body as string) as { directMessageType: string };
      return { body: list(body.directMessageType, body.directMessageType === 'RECEIVED' ? [message] : []) };
    }
    if (url.includes('directMessage/getUnreadCount/_rid/7')) return { body: { patientId: 7, noOfUnread: 1 } };
    if (url.endsWith('directMessage/getById/_rid/31')) return { body: message };
    if (url.includes('/getUploadURL?patientId=7'))
      return {
        body: {
          url: `/api/blobs/upload?t=${++uploads}`,
          s3Id: `s3-${uploads}`,
          expiresAt: '2030-01-01T00:00:00Z',
          maxBytes: 3_500_000,
        },
      };
    if (url.endsWith('dms/file/add') && addRefusal) return addRefusal;
    if (url.endsWith('dms/file/add')) {
      const body = JSON.parse(init.body as string) as { name: string; size: number; mimeType: string };
      return {
        body: {
          id: 500 + uploads,
          name: body.name,
          size: body.size,
          mimeType: checkedTypes[body.name] ?? body.mimeType,
          channel: 'DIRECT_MESSAGING',
          createdAt: '2026-11-26T00:00:00Z',
        },
      };
    }
    if (url.endsWith('directMessage/send') && sendRefusal) return sendRefusal;
    if (url.endsWith('directMessage/send')) {
      const body = JSON.parse(init.body as string) as { directMessageInfo: { to: string; subject: string } };
      return {
        body: {
          ...original,
          id: 90,
          directMessageType: 'SENT',
          from: person.directAddress,
          to: body.directMessageInfo.to,
          subject: body.directMessageInfo.subject,
          messageWasRead: true,
          status: 'SENT',
        },
      };
    }
    return { status: 404, body: { error: 'NOT_FOUND' } };
  });
}

function renderCompose(route: string, who: typeof person = person) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return renderWithProviders(<></>, {
    route,
    path: '/elsewhere',
    routes: (
      <Route
        path="/messages"
        element={<MessagesLayout patientId={7} base="/messages" actingFor={false} person={who} />}
      >
        <Route path="inbox" element={<MessageList slug="inbox" />} />
        <Route path="compose/:type?/:action?/:id?" element={<ComposeFromParams />} />
        <Route path="inbox/:id" element={<ViewFromParams />} />
      </Route>
    ),
  });
}

/** The compose form's file input, once the form is shown. */
async function attachmentInput() {
  return (await screen.findByTestId('compose-attachments')).querySelector(
    'input[type=file]',
  ) as HTMLInputElement;
}

function ViewFromParams() {
  return <MessageView slug="inbox" id={Number(useParams().id)} />;
}

function ComposeFromParams() {
  const { type, action, id } = useParams();
  return <Compose type={type} action={action} id={id} />;
}

const file = (name: string, size: number, lastModified = 1000) => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type: 'application/pdf', lastModified });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('Compose', () => {
  it('prepares a reply: sender, Re: subject, the original quoted after underscores', async () => {
    server();
    renderCompose('/messages/compose/inbox/reply/31');
    const to = await screen.findByTestId('compose-to');
    expect(to).toHaveValue('dr.lee@direct.sunshine-derm.example.org');
    expect(screen.getByTestId('compose-subject')).toHaveValue('Re: Your biopsy results');
    const content = screen.getByTestId<HTMLTextAreaElement>('compose-content').value;
    expect(content).toMatch(/_{40}\nFrom: dr\.lee@/);
    expect(content.endsWith('The results are benign.')).toBe(true);
    expect(screen.getByTestId('compose-from')).toHaveValue(person.directAddress);
  });

  it("quotes a clinic's HTML message as its text in a reply", async () => {
    server({
      ...original,
      mimeType: 'text/html',
      content: '<p>The results are <b>benign</b>.</p><p>Call us with questions.</p>',
    });
    renderCompose('/messages/compose/inbox/reply/31');
    const content = await screen.findByTestId<HTMLTextAreaElement>('compose-content');
    expect(content.value).not.toContain('<');
    expect(content.value.endsWith('The results are benign.\nCall us with questions.')).toBe(true);
  });

  it('says under To, as the address is typed, that a Direct message cannot reach an outside domain here', async () => {
    server();
    const user = userEvent.setup();
    renderCompose('/messages/compose', localOnly);
    const to = await screen.findByTestId('compose-to');
    const hint =
      'This portal can send Direct messages only to addresses at direct.dermis.example.org. Ask your practice, or send it by e-mail.';
    await user.type(to, 'dr.who@hisp.example.org');
    // Shown while typing, so Send does not move under a click that leaves the field.
    expect(to).toHaveFocus();
    expect(to).toHaveAccessibleDescription(hint);
    // It follows the address as typed: an address at the practice's domain clears it.
    await user.clear(to);
    await user.type(to, 'frontdesk@Direct.Dermis.Example.org');
    expect(screen.queryByTestId('compose-to-hint')).not.toBeInTheDocument();
    expect(to).not.toHaveAccessibleDescription(hint);
    await user.clear(to);
    await user.type(to, 'dr.who@hisp.example.org');
    expect(screen.getByTestId('compose-to-hint')).toHaveTextContent(hint);
    // An e-mail leaves by the mail server: no hint; Send stays possible either way.
    await user.click(screen.getByTestId('compose-direct'));
    expect(screen.queryByTestId('compose-to-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('compose-send')).toBeEnabled();
  });

  it('gives no hint for an address at the practice’s domain, nor when a HISP is set up', async () => {
    server();
    const user = userEvent.setup();
    const first = renderCompose('/messages/compose', localOnly);
    await user.type(await screen.findByTestId('compose-to'), 'frontdesk@direct.dermis.example.org');
    await user.tab();
    expect(screen.getByTestId('compose-to')).not.toHaveAccessibleDescription();
    expect(screen.queryByTestId('compose-to-hint')).not.toBeInTheDocument();
    first.unmount();

    renderCompose('/messages/compose', person);
    await user.type(await screen.findByTestId('compose-to'), 'dr.who@hisp.example.org');
    await user.tab();
    expect(screen.queryByTestId('compose-to-hint')).not.toBeInTheDocument();
  });

  it('hints at once in a reply to an outside Direct address', async () => {
    server();
    renderCompose('/messages/compose/inbox/reply/31', localOnly);
    expect(await screen.findByTestId('compose-to-hint')).toHaveTextContent(
      /only to addresses at direct\.dermis\.example\.org/,
    );
  });

  it('keeps what was typed when the address or subject is refused', async () => {
    const fetch = server();
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    await user.type(await screen.findByTestId('compose-to'), 'not-an-address');
    await user.type(screen.getByTestId('compose-content'), 'Hello doctor');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Address not valid')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByTestId('compose-to')).toHaveValue('not-an-address');
    expect(screen.getByTestId('compose-content')).toHaveValue('Hello doctor');
    expect(screen.getByTestId('compose-to')).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => (url as string).includes('directMessage/send'))).toBe(false);
  });

  it("shows the daily send limit in the server's words and keeps what was typed", async () => {
    const limit = 'You have reached your daily message limit (50). Please try again tomorrow.';
    server(original, { status: 429, body: { error: 'TOO_MANY_ATTEMPTS', message: limit } });
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    await user.type(await screen.findByTestId('compose-to'), 'dr.lee@direct.sunshine-derm.example.org');
    await user.type(screen.getByTestId('compose-subject'), 'Photos');
    await user.type(screen.getByTestId('compose-content'), 'Hello doctor');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.getByTestId('compose-subject')).toHaveValue('Photos');
    expect(screen.getByTestId('compose-content')).toHaveValue('Hello doctor');
    expect(screen.getByTestId('location')).toHaveTextContent('/messages/compose');
  });

  it('says the service is briefly unavailable when sending meets an outage (503), and keeps the draft', async () => {
    server(original, {
      status: 503,
      body: { error: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable.' },
    });
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    await user.type(await screen.findByTestId('compose-to'), 'dr.lee@direct.sunshine-derm.example.org');
    await user.type(screen.getByTestId('compose-subject'), 'Photos');
    await user.type(screen.getByTestId('compose-content'), 'Hello doctor');
    await user.click(screen.getByTestId('compose-send'));
    expect(
      await screen.findByText('The service is briefly unavailable. Please try again in a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('compose-to')).toHaveValue('dr.lee@direct.sunshine-derm.example.org');
    expect(screen.getByTestId('compose-subject')).toHaveValue('Photos');
    expect(screen.getByTestId('compose-content')).toHaveValue('Hello doctor');
    expect(screen.getByTestId('location')).toHaveTextContent('/messages/compose');
  });

  it("shows the server's reason for a refused address under To, not the request's bare text", async () => {
    const reason = 'There is no Direct address dr.bennett@direct.dermis-demo.org at this practice.';
    server(original, {
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [{ field: 'to', description: reason }],
      },
    });
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    await user.type(await screen.findByTestId('compose-to'), 'dr.bennett@direct.dermis-demo.org');
    await user.type(screen.getByTestId('compose-subject'), 'Referral');
    await user.type(screen.getByTestId('compose-content'), 'Hello doctor');
    await user.click(screen.getByTestId('compose-send'));
    const to = screen.getByTestId('compose-to');
    await waitFor(() => expect(to).toHaveAccessibleDescription(reason));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveFocus();
    expect(screen.queryByText('The request is not valid.')).not.toBeInTheDocument();
    expect(to).toHaveValue('dr.bennett@direct.dermis-demo.org');
    expect(screen.getByTestId('compose-content')).toHaveValue('Hello doctor');
    // Typing a new address takes the message away.
    await user.type(to, 'x');
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
  });

  it('says at once that a message the portal could not pass on was not sent, and why', async () => {
    const reason = 'This portal is not set up to send messages outside it. Your practice can turn this on.';
    server(original, {
      status: 200,
      body: {
        ...original,
        id: 91,
        directMessageType: 'FAILED',
        from: person.directAddress,
        to: 'dr.who@hisp.example.org',
        subject: 'Referral',
        messageWasRead: true,
        status: 'FAILED',
        failureReason: reason,
      },
    });
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    await user.type(await screen.findByTestId('compose-to'), 'dr.who@hisp.example.org');
    await user.type(screen.getByTestId('compose-subject'), 'Referral');
    await user.click(screen.getByTestId('compose-send'));
    const modal = await screen.findByRole('dialog', { name: /Not sent/ });
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      `The message was not sent; a copy is in Failed. ${reason}`,
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/messages/compose');
    expect(screen.getByTestId('compose-to')).toHaveValue('dr.who@hisp.example.org');
  });

  it('uploads with progress, refuses oversized and duplicate files, and sends the checked ids', async () => {
    FakeXhr.puts = [];
    FakeXhr.unfinished = [];
    FakeXhr.held = true;
    const fetch = server();
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    const input = await attachmentInput();

    await user.upload(input, [file('scan.pdf', 2000), file('huge.pdf', maxAttachmentBytes + 1)]);
    expect(await screen.findByText('huge.pdf is larger than 3.5 MB')).toBeInTheDocument();
    expect(await screen.findByTestId('attachment-progress')).toBeInTheDocument();
    FakeXhr.held = false;
    act(() => FakeXhr.finishAll());
    const checkbox = await screen.findByRole('checkbox', { name: 'scan.pdf' });
    expect(checkbox).toBeChecked();
    expect(FakeXhr.puts).toEqual(['/api/blobs/upload?t=1 scan.pdf']);

    await user.upload(input, [file('scan.pdf', 2000)]);
    expect(await screen.findByText('You cannot add same file in attachment')).toBeInTheDocument();
    expect(screen.getAllByTestId('attachment-checkbox')).toHaveLength(1);

    await user.type(screen.getByTestId('compose-to'), 'dr.lee@direct.sunshine-derm.example.org');
    await user.type(screen.getByTestId('compose-subject'), 'Photos');
    await user.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/inbox'));
    const send = fetch.mock.calls.find(([url]) => (url as string).endsWith('directMessage/send'));
    const body = JSON.parse(send?.[1]?.body as string) as { directMessageInfo: Record<string, unknown> };
    expect(body.directMessageInfo).toMatchObject({
      patientId: 7,
      to: 'dr.lee@direct.sunshine-derm.example.org',
      subject: 'Photos',
      attachments: [501],
    });
  });

  it('refuses a name with direction controls, and shows the checked type beside each name', async () => {
    FakeXhr.puts = [];
    server();
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    const input = await attachmentInput();

    await user.upload(input, [file('photo\u202Eexe.png', 2000), file('evil.exe.png', 2000, 2000)]);
    expect(
      await screen.findByText(
        'The name of photo[U+202E]exe.png contains characters that change the direction of text; rename the file and add it again.',
      ),
    ).toBeInTheDocument();
    const checkbox = await screen.findByRole('checkbox', { name: 'evil.exe.png' });
    // The browser declared a PDF; the server's check found a PNG, and that is what is shown.
    expect(checkbox).toHaveAccessibleDescription('PNG file');
    expect(screen.getAllByTestId('attachment-type').map((e) => e.textContent)).toEqual(['PNG file']);
    await waitFor(() => expect(FakeXhr.puts).toEqual(['/api/blobs/upload?t=1 evil.exe.png']));
  });

  it('shows the checked type beside each attachment of a message it shows', async () => {
    server({
      ...original,
      attachments: [report, { id: 42, name: 'evil.exe.png', size: 40, mimeType: 'image/png' }],
    });
    renderCompose('/messages/inbox/31');
    const links = await screen.findAllByTestId('message-attachment');
    expect(links.map((link) => link.textContent)).toEqual(['report.pdf', 'evil.exe.png']);
    expect(screen.getAllByTestId('attachment-type').map((e) => e.textContent)).toEqual([
      'PDF file',
      'PNG file',
    ]);
  });

  it("says why the server refused an attached file, in the server's words", async () => {
    const reason = 'The content of scan.pdf is not an allowed type of file.';
    server(original, undefined, {
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [{ field: 'id', description: reason }],
      },
    });
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    const input = await attachmentInput();
    await user.upload(input, [file('scan.pdf', 2000)]);
    expect(await within(screen.getByTestId('attachment-notices')).findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'scan.pdf' })).not.toBeInTheDocument();
  });

  it('clears the attachments when the Direct Message box is toggled', async () => {
    server();
    const user = userEvent.setup();
    renderCompose('/messages/compose');
    const input = await attachmentInput();
    await user.upload(input, [file('scan.pdf', 2000)]);
    await screen.findByRole('checkbox', { name: 'scan.pdf' });
    await user.click(within(screen.getByTestId('compose')).getByRole('checkbox', { name: /Direct Message/ }));
    expect(screen.queryByRole('checkbox', { name: 'scan.pdf' })).not.toBeInTheDocument();
  });

  it('forwards the original’s attachments, copied again for the other channel, and sends the checked ones', async () => {
    const fetch = server({ ...original, attachments: [report] });
    const user = userEvent.setup();
    renderCompose('/messages/compose/inbox/forward/31');
    expect(await screen.findByTestId('compose-subject')).toHaveValue('Fwd: Your biopsy results');
    expect(await screen.findByRole('checkbox', { name: 'report.pdf' })).toBeChecked();
    const forwards = () =>
      fetch.mock.calls
        .filter(([url]) => (url as string).endsWith('directMessage/forwardAttachments'))
        .map(([, init]) => JSON.parse(init?.body as string) as { channel: string });
    expect(forwards()).toEqual([{ patientId: 7, messageId: 31, channel: 'DIRECT_MESSAGING' }]);

    // E-mail instead: the channel's own copy replaces the Direct one.
    await user.click(within(screen.getByTestId('compose')).getByRole('checkbox', { name: /Direct Message/ }));
    expect(await screen.findByRole('checkbox', { name: 'report.pdf' })).toBeChecked();
    expect(forwards().map((f) => f.channel)).toEqual(['DIRECT_MESSAGING', 'PATIENT_EMAIL']);
    expect(screen.getAllByTestId('attachment-checkbox')).toHaveLength(1);
    await user.click(within(screen.getByTestId('compose')).getByRole('checkbox', { name: /Direct Message/ }));
    await waitFor(() => expect(forwards()).toHaveLength(3));
    expect(await screen.findByRole('checkbox', { name: 'report.pdf' })).toBeChecked();

    await user.type(screen.getByTestId('compose-to'), 'dr.lee@direct.sunshine-derm.example.org');
    await user.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/inbox'));
    const sent = fetch.mock.calls.find(([url]) => (url as string).endsWith('directMessage/send'));
    expect(JSON.parse(sent?.[1]?.body as string)).toMatchObject({
      directMessageInfo: { attachments: [703] },
    });
  });

  it('leaves a forwarded attachment out when it is unchecked', async () => {
    const fetch = server({ ...original, attachments: [report] });
    const user = userEvent.setup();
    renderCompose('/messages/compose/inbox/forward/31');
    await user.click(await screen.findByRole('checkbox', { name: 'report.pdf' }));
    await user.type(screen.getByTestId('compose-to'), 'dr.lee@direct.sunshine-derm.example.org');
    await user.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/inbox'));
    const sent = fetch.mock.calls.find(([url]) => (url as string).endsWith('directMessage/send'));
    expect(JSON.parse(sent?.[1]?.body as string)).toMatchObject({ directMessageInfo: { attachments: [] } });
  });

  it('notices vanish after 5 s', async () => {
    // The notice's own timer is taken and run, so the test waits for no clock.
    const timeouts = vi.spyOn(window, 'setTimeout');
    try {
      server();
      const user = userEvent.setup();
      renderCompose('/messages/compose');
      const input = await attachmentInput();
      await user.upload(input, [file('huge.pdf', maxAttachmentBytes + 1)]);
      expect(await screen.findByText('huge.pdf is larger than 3.5 MB')).toBeInTheDocument();
      expect(noticeMs).toBe(5000);
      const vanish = timeouts.mock.calls.find(([, ms]) => ms === noticeMs)?.[0];
      expect(vanish).toBeTypeOf('function');
      act(() => (vanish as () => void)());
      expect(screen.queryByText('huge.pdf is larger than 3.5 MB')).not.toBeInTheDocument();
    } finally {
      timeouts.mockRestore();
    }
  });
});
