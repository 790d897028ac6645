import { Text } from '@mantine/core';
import type { DirectMessage } from '@dermis/contract';
import { htmlContent, isHtml } from '../html-content';
import './message-content.css';

/** A message's body: plain text as typed (line breaks kept), a clinic's HTML made safe (html-content.ts). */
export function MessageContent({ message }: { message: Pick<DirectMessage, 'content' | 'mimeType'> }) {
  if (isHtml(message.mimeType))
    return (
      <div className="message-html" data-testid="message-content">
        {htmlContent(message.content)}
      </div>
    );
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-content">
      {message.content}
    </Text>
  );
}
