import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { htmlText } from '../html-content';
import { MessageContent } from './message-content';

const clinicHtml = `
  <html><head><title>Results</title><style>body { background: url(https://tracker.example/bg.png) }</style>
  <script>window.stolen = document.cookie</script></head>
  <body onload="window.stolen = 1">
    <h1>Your results</h1>
    <p style="color:red" onclick="window.stolen = 2">Dear Maria, your biopsy is <b>benign</b>.</p>
    <img src="https://tracker.example/pixel.gif" alt="Clinic logo" onerror="window.stolen = 3">
    <ul><li>Keep the site clean</li><li>Call us with questions</li></ul>
    <table><tr><th>Test</th><th>Result</th></tr><tr><td>Biopsy</td><td>Benign</td></tr></table>
    <p><a href="https://sunshine-derm.example.org/care">Care guide</a>
       <a href="javascript:window.stolen=4">Click me</a></p>
    <iframe src="https://tracker.example/frame"></iframe>
    <form action="https://tracker.example/login"><input name="password"></form>
  </body></html>`;

function renderContent(content: string, mimeType: string) {
  render(
    <MantineProvider env="test">
      <MessageContent message={{ content, mimeType }} />
    </MantineProvider>,
  );
}

describe('MessageContent', () => {
  it("renders a clinic's text/html message as formatted text, not as markup", () => {
    renderContent(clinicHtml, 'text/html; charset=utf-8');
    const body = screen.getByTestId('message-content');
    expect(body).not.toHaveTextContent('<p');
    expect(body).toHaveTextContent('Dear Maria, your biopsy is benign.');
    expect(screen.getByText('benign').tagName).toBe('B');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Biopsy' })).toBeInTheDocument();
    // The message's heading does not join the page's outline.
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(body).toHaveTextContent('Your results');
  });

  it('runs nothing, applies no style and loads nothing from outside', () => {
    renderContent(clinicHtml, 'text/html');
    const container = screen.getByTestId('message-content');
    expect(container.querySelector('script, style, img, iframe, form, input, title')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      for (const attribute of el.attributes) {
        expect(attribute.name).not.toMatch(/^on|^style$|^src$|^action$/);
      }
    }
    expect(container).not.toHaveTextContent('window.stolen');
    expect(container).not.toHaveTextContent('tracker.example');
    // An image is its alternative text.
    expect(container).toHaveTextContent('Clinic logo');
  });

  it('keeps a web link (opening apart from the portal) and drops a javascript: one', () => {
    renderContent(clinicHtml, 'text/html');
    const link = screen.getByRole('link', { name: 'Care guide' });
    expect(link).toHaveAttribute('href', 'https://sunshine-derm.example.org/care');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: 'Click me' })).not.toBeInTheDocument();
    expect(screen.getByText('Click me')).toBeInTheDocument();
  });

  it('shows a text/plain message as typed, markup included', () => {
    renderContent('Use <b>only</b> the cream.\nTwice a day.', 'text/plain');
    expect(screen.getByTestId('message-content')).toHaveTextContent(
      'Use <b>only</b> the cream. Twice a day.',
    );
  });
});

describe('htmlText', () => {
  it('gives the text a reply quotes, a line per block', () => {
    expect(htmlText(clinicHtml)).toBe(
      [
        'Your results',
        'Dear Maria, your biopsy is benign.',
        'Clinic logo',
        'Keep the site clean',
        'Call us with questions',
        'Test Result',
        'Biopsy Benign',
        'Care guide Click me',
      ].join('\n'),
    );
  });
});
