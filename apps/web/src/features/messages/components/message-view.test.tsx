import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { MessagesLayout } from './messages-layout';
import { MessageView } from './message-view';

afterEach(() => vi.unstubAllGlobals());

const person = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  directAddress: 'maria.gonzalez@direct.dermis.example.org',
  directServiceEnabled: true,
  directSendsOutside: true,
  directDomain: 'direct.dermis.example.org',
};

const fromClinic = {
  id: 31,
  patientId: 7,
  directMessageType: 'RECEIVED',
  from: 'Sunshine Dermatology <clinic@direct.sunshine-derm.example.org>',
  to: person.directAddress,
  subject: 'Your biopsy results',
  content:
    '<p>Dear Maria,</p><p>Your biopsy is <b>benign</b>.<img src="https://tracker.example/p.gif" alt=""></p>' +
    '<script>window.stolen = document.cookie</script>',
  mimeType: 'text/html',
  dateSent: '2026-03-04T15:30:00Z',
  dateModified: '2026-03-04T15:30:00Z',
  messageWasRead: true,
  isDirect: true,
  status: 'DELIVERED',
  failureReason: null,
  sentByFullName: null,
  attachments: [],
};

describe('MessageView', () => {
  it("shows a clinic's text/html message formatted and safe, not as markup", async () => {
    mockFetch((url) => {
      if (url.endsWith('directMessage/getById/_rid/31')) return { body: fromClinic };
      if (url.includes('directMessage/getUnreadCount/_rid/7'))
        return { body: { patientId: 7, noOfUnread: 0 } };
      return { status: 404, body: { error: 'NOT_FOUND' } };
    });
    renderWithProviders(<></>, {
      route: '/messages/inbox/31',
      path: '/elsewhere',
      routes: (
        <Route
          path="/messages"
          element={<MessagesLayout patientId={7} base="/messages" actingFor={false} person={person} />}
        >
          <Route path="inbox/31" element={<MessageView slug="inbox" id={31} />} />
        </Route>
      ),
    });
    const body = await screen.findByTestId('message-content');
    expect(within(body).getByText('Dear Maria,').tagName).toBe('P');
    expect(body).not.toHaveTextContent('<p>');
    expect(within(body).getByText('benign').tagName).toBe('B');
    expect(body.querySelector('script, img')).toBeNull();
  });
});
