/**
 * Message text: rendered as text (React escapes it; nothing is ever parsed as HTML) with only
 * http(s) links made clickable. A link opens in a new tab without access to this page
 * (noopener) and without passing on ranking (nofollow ugc).
 */
import { chakra } from '@chakra-ui/react';
import Linkify from 'linkify-react';
import type { Opts } from 'linkifyjs';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Only web links: an explicit http(s) scheme, or none (then https is assumed). */
export function isWebLink(value: string, type: string): boolean {
  if (type !== 'url') return false;
  return /^https?:\/\//i.test(value) || !SCHEME.test(value);
}

export const LINK_OPTIONS: Opts = {
  defaultProtocol: 'https',
  validate: (value: string, type: string) => isWebLink(value, type),
  target: '_blank',
  rel: 'noopener noreferrer nofollow ugc',
  className: 'chat-link',
};

export function ChatText({ text }: { text: string }) {
  return (
    <chakra.p
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      fontSize="sm"
      css={{ '& a.chat-link': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px' } }}
      data-testid="chat-text"
    >
      <Linkify options={LINK_OPTIONS}>{text}</Linkify>
    </chakra.p>
  );
}
