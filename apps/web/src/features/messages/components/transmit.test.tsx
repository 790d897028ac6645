import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { MessagesLayout } from './messages-layout';
import { Transmit } from './transmit';

afterEach(() => vi.unstubAllGlobals());

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

const check = {
  fileType: 'CCDA_ZIP',
  xml: null,
  zip: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
  pdf: null,
  fileName: 'summary.zip',
  patientFullName: 'Maria Gonzalez',
  ccdaEncounterInfoList: [
    {
      encounterId: 1,
      encounterDateOfService: '2026-03-04T15:30:00Z',
      providerNames: ['Dr. Lee'],
      clinicName: null,
    },
  ],
};

const copy = {
  id: 90,
  patientId: 7,
  directMessageType: 'SENT',
  from: person.directAddress,
  to: 'dr.lee@direct.sunshine-derm.example.org',
  subject: 'Health Summary',
  content: '',
  mimeType: 'text/plain',
  dateSent: '2026-03-04T15:30:00Z',
  dateModified: '2026-03-04T15:30:00Z',
  messageWasRead: true,
  isDirect: true,
  status: 'SENT',
  failureReason: null,
  sentByFullName: null,
  attachments: [],
};

/** The check answers with one encounter; the send answers `send`. */
function server(send: FakeReply, validation: FakeReply = { body: check }) {
  return mockFetch((url) => {
    if (url.endsWith('patient/exportCCDAByFilter')) return validation;
    if (url.endsWith('directMessage/sendByFilter')) return send;
    if (url.includes('directMessage/getUnreadCount/_rid/7')) return { body: { patientId: 7, noOfUnread: 0 } };
    return { status: 404, body: { error: 'NOT_FOUND' } };
  });
}

function renderTransmit(startDate = '', endDate = '', who: typeof person = person) {
  return renderWithProviders(<></>, {
    route: '/messages/transmit',
    path: '/elsewhere',
    routes: (
      <Route
        path="/messages"
        element={<MessagesLayout patientId={7} base="/messages" actingFor={false} person={who} />}
      >
        <Route path="inbox" element={<p>Inbox</p>} />
        <Route path="transmit" element={<Transmit startDate={startDate} endDate={endDate} />} />
      </Route>
    ),
  });
}

async function sendTo(address: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByTestId('transmit-to'), address);
  await user.click(screen.getByTestId('transmit-send'));
  return user;
}

describe('Transmit', () => {
  it("shows the server's reason for a refused Direct address under To", async () => {
    const reason = 'There is no Direct address dr.bennett@direct.dermis-demo.org at this practice.';
    server({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [{ field: 'to', description: reason }],
      },
    });
    renderTransmit();
    await sendTo('dr.bennett@direct.dermis-demo.org');
    const to = screen.getByTestId('transmit-to');
    await waitFor(() => expect(to).toHaveAccessibleDescription(reason));
    expect(to).toHaveFocus();
    expect(to).toHaveValue('dr.bennett@direct.dermis-demo.org');
    expect(screen.queryByText('The request is not valid.')).not.toBeInTheDocument();
  });

  it('puts a refusal the server names by its request path under the matching field', async () => {
    server({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [
          { field: 'directMessageInfo.subject', description: 'Subject must be at most 255 characters.' },
          { field: 'fromPatientId', description: 'The value is not valid.' },
        ],
      },
    });
    renderTransmit();
    await sendTo('dr.lee@direct.sunshine-derm.example.org');
    const modal = await screen.findByTestId('transmit-failure');
    expect(modal).toHaveTextContent('The value is not valid.');
    expect(screen.getByTestId('transmit-subject')).toHaveAccessibleDescription(
      'Subject must be at most 255 characters.',
    );
  });

  it('says at once that a summary the portal could not pass on was not sent, and why', async () => {
    const reason = 'This portal is not set up to send messages outside it. Your practice can turn this on.';
    server({
      body: { ...copy, directMessageType: 'FAILED', status: 'FAILED', failureReason: reason },
    });
    renderTransmit();
    await sendTo('dr.who@hisp.example.org');
    const modal = await screen.findByRole('dialog', { name: /Not sent/ });
    expect(within(modal).getByRole('alert')).toHaveTextContent(
      `The message was not sent; a copy is in Failed. ${reason}`,
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/messages/transmit');
  });

  it('says under To, as the address is typed, that the summary cannot reach an outside Direct domain here', async () => {
    server({ body: copy });
    const user = userEvent.setup();
    renderTransmit('', '', localOnly);
    const to = await screen.findByTestId('transmit-to');
    await user.type(to, 'dr.who@hisp.example.org');
    // Shown while typing, so Send does not move under a click that leaves the field.
    expect(to).toHaveFocus();
    expect(to).toHaveAccessibleDescription(
      'This portal can send Direct messages only to addresses at direct.dermis.example.org. Ask your practice, or send it by e-mail.',
    );
    // By e-mail it can go: the hint goes; Send stays possible either way.
    await user.click(screen.getByTestId('transmit-email'));
    expect(screen.queryByTestId('transmit-to-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('transmit-send')).toBeEnabled();
  });

  it('gives no hint for an address at the practice’s domain, nor when a HISP is set up', async () => {
    server({ body: copy });
    const user = userEvent.setup();
    const first = renderTransmit('', '', localOnly);
    await user.type(await screen.findByTestId('transmit-to'), 'frontdesk@direct.dermis.example.org');
    await user.tab();
    expect(screen.getByTestId('transmit-to')).not.toHaveAccessibleDescription();
    first.unmount();

    renderTransmit('', '', person);
    await user.type(await screen.findByTestId('transmit-to'), 'dr.who@hisp.example.org');
    await user.tab();
    expect(screen.queryByTestId('transmit-to-hint')).not.toBeInTheDocument();
  });

  it('goes to the inbox when the summary went out', async () => {
    server({ body: copy });
    renderTransmit();
    await sendTo('dr.lee@direct.sunshine-derm.example.org');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/inbox'));
  });

  it("refuses a start after the end in Health Information's words, under the start date", async () => {
    const fetch = server({ body: copy });
    renderTransmit('03/05/2026', '03/04/2026');
    await sendTo('dr.lee@direct.sunshine-derm.example.org');
    const start = screen.getByTestId('transmit-start');
    await waitFor(() => expect(start).toHaveAccessibleDescription(/Start date must be before end date/));
    expect(start).toHaveFocus();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('sendByFilter'), expect.anything());
  });
});
