/**
 * One chat message: avatar (initials on avatarBgColor), name, role, time, the quoted message it
 * replies to, its text (safe, links only for http(s)), images (lazy, open full size), attachments
 * (download under their own name), likes, reply, and for hosts: reply privately, delete, block
 * (both confirmed). Also the composer's own messages still on their way (sending / not sent).
 */
import { Badge, Box, Button, Flex, HStack, IconButton, Link, Menu, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#app/lib/chat/protocol';
import { avatarColorFor, type ChatMember } from '#app/lib/chat/protocol';
import type { Outgoing } from '#app/lib/chat/state';
import { isStaff, type EventRole } from '#app/lib/events/permissions';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { PersonPhoto } from '#app/components/ui/PersonPhoto';
import { avatarUrl } from '#app/lib/photo/avatar';
import { ChatText } from './ChatText';
import { clockTime, fileNameOfUrl, initials, problemText } from './format';
import { FileIcon, HeartIcon, LockIcon, MoreIcon, ReplyIcon } from './icons';
import { useChat } from './useChat';

/** The person's photo when they have one (userId + avatarId), else their initials on their colour. */
export function Avatar({ name, color, userId, avatarId }: { name: string; color: string; userId?: string; avatarId?: string }) {
  const initialsCircle = (
    <Flex
      aria-hidden
      flexShrink={0}
      w="8"
      h="8"
      borderRadius="full"
      bg={color}
      color="white"
      align="center"
      justify="center"
      fontSize="xs"
      fontWeight="bold"
      letterSpacing="wide"
      data-testid="chat-avatar"
    >
      {initials(name)}
    </Flex>
  );
  return <PersonPhoto src={userId ? avatarUrl(userId, avatarId) : null} size="8" testId="chat-avatar-photo" fallback={initialsCircle} />;
}

function Time({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const { short, full } = clockTime(iso, i18n.language);
  return (
    <chakra.time dateTime={iso} title={full} fontSize="xs" color="fg.muted" flexShrink={0}>
      {short}
    </chakra.time>
  );
}

function Images({ urls, name }: { urls: string[]; name: string }) {
  const { t } = useTranslation();
  if (urls.length === 0) return null;
  return (
    <Flex gap="2" flexWrap="wrap" data-testid="chat-images">
      {urls.map((url) => (
        <Link key={url} href={url} target="_blank" rel="noopener noreferrer" aria-label={t('chat.message.openImage', { name })} borderRadius="l2" overflow="hidden" borderWidth="1px">
          <chakra.img src={url} alt={t('chat.message.image', { name })} loading="lazy" decoding="async" maxW="40" maxH="40" objectFit="cover" display="block" />
        </Link>
      ))}
    </Flex>
  );
}

function Attachments({ urls }: { urls: string[] }) {
  const { t } = useTranslation();
  if (urls.length === 0) return null;
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="chat-attachments">
      {urls.map((url) => {
        const file = fileNameOfUrl(url);
        return (
          <li key={url}>
            <Link href={url} download={file} fontSize="sm" color="brand.fg" aria-label={t('chat.message.download', { file })} display="inline-flex" gap="1" alignItems="center" overflowWrap="anywhere">
              <FileIcon />
              {file}
            </Link>
          </li>
        );
      })}
    </Stack>
  );
}

function Quote({ message }: { message: Pick<ChatMessage, 'replyToDisplayName' | 'replyToText'> }) {
  const { t } = useTranslation();
  return (
    <Box borderLeftWidth="3px" borderColor="border.emphasized" pl="2" py="0.5" color="fg.muted" fontSize="xs" data-testid="chat-quote">
      <Text fontWeight="semibold">{t('chat.message.replyTo', { name: message.replyToDisplayName })}</Text>
      <Text lineClamp={2} whiteSpace="pre-wrap" overflowWrap="anywhere">
        {message.replyToText}
      </Text>
    </Box>
  );
}

function RoleBadge({ role }: { role: EventRole }) {
  const { t } = useTranslation();
  if (!isStaff(role)) return null;
  return (
    <Badge size="xs" variant="subtle" colorPalette={role === 'organizer' ? 'brand' : 'purple'} data-testid="chat-role">
      {t(`live.roles.${role}`)}
    </Badge>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  /** Where it is shown: the public log (likes, replies), a private conversation, or the approval queue. */
  context: 'public' | 'private' | 'queue';
  onReply?: (message: ChatMessage) => void;
  onReplyPrivately?: (member: ChatMember) => void;
}

export function MessageItem({ message: m, context, onReply, onReplyPrivately }: MessageItemProps) {
  const { t } = useTranslation();
  const chat = useChat();
  const me = chat.state.me;
  const mine = me?.userId === m.sender;
  const staff = me ? isStaff(me.role) && !chat.state.fatal : false;
  const liked = Boolean(chat.state.myLikes[m.msgId]);
  const pending = m.status === 'pending';
  const [confirm, setConfirm] = useState<'delete' | 'block' | null>(null);
  const name = mine ? t('chat.message.you') : m.chatDisplayName;
  const canBlock = staff && !mine && m.senderRole === 'participant';
  const canLike = context === 'public' && !pending;

  return (
    <Flex
      as="article"
      gap="2"
      py="2"
      px="1"
      align="flex-start"
      aria-label={m.chatDisplayName}
      data-testid="chat-message"
      data-msg-id={m.msgId}
      data-status={m.status}
      data-mine={mine ? 'true' : 'false'}
      bg={pending ? 'bg.subtle' : undefined}
      borderRadius="l2"
    >
      <Avatar name={m.chatDisplayName} color={m.avatarBgColor} userId={m.sender} avatarId={m.avatarId} />
      <Stack gap="1" minW="0" flex="1">
        <HStack gap="1.5" flexWrap="wrap" rowGap="0">
          <Text fontWeight="semibold" fontSize="sm" truncate maxW="full" data-testid="chat-author">
            {name}
          </Text>
          <RoleBadge role={m.senderRole} />
          {m.supporter && (
            <Badge size="xs" colorPalette="pink" variant="subtle" title={t('chat.message.supporterLabel')} data-testid="chat-supporter">
              {t('chat.message.supporter')}
            </Badge>
          )}
          <Time iso={m.createdAt} />
          {m.isPrivateMsg && (
            <Badge size="xs" colorPalette="orange" variant="subtle" gap="1" data-testid="chat-private-badge">
              <LockIcon />
              {m.sender === me?.userId && m.recipientDisplayName ? t('chat.message.privateTo', { name: m.recipientDisplayName }) : t('chat.message.private')}
            </Badge>
          )}
          {m.showHandQuestion && (
            <Badge size="xs" colorPalette={m.questionAnswered ? 'green' : 'blue'} variant="subtle" data-testid="chat-question-badge">
              {m.questionAnswered ? t('chat.message.answered') : t('chat.message.question')}
            </Badge>
          )}
          {pending && (
            <Badge size="xs" colorPalette="yellow" variant="surface" data-testid="chat-pending">
              {t('chat.message.pending')}
            </Badge>
          )}
        </HStack>
        {m.replyToMsgId && m.replyToDisplayName && <Quote message={m} />}
        {m.textMessage && <ChatText text={m.textMessage} />}
        <Images urls={m.chatImageUrls} name={m.chatDisplayName} />
        <Attachments urls={m.attachmentUrls} />
        {context !== 'queue' && (
          <HStack gap="1" flexWrap="wrap">
            {canLike && (
              <Button
                size="2xs"
                variant={liked ? 'subtle' : 'ghost'}
                colorPalette={liked ? 'red' : 'gray'}
                aria-pressed={liked}
                aria-label={m.likes > 0 ? `${t('chat.message.like')} (${t('chat.message.likes', { count: m.likes })})` : t('chat.message.like')}
                disabled={!chat.canAct || chat.busy('like', m.msgId)}
                onClick={() => chat.like(m.msgId, !liked)}
                data-testid="chat-like"
              >
                <HeartIcon filled={liked} />
                {/* No "0": a count appears with the first like. */}
                {m.likes > 0 && <span data-testid="chat-like-count">{m.likes}</span>}
              </Button>
            )}
            {onReply && !pending && (
              <Button size="2xs" variant="ghost" disabled={!chat.canAct} onClick={() => onReply(m)} data-testid="chat-reply">
                <ReplyIcon />
                {t('chat.message.reply')}
              </Button>
            )}
            {staff && context === 'public' && (
              <Menu.Root
                positioning={{ placement: 'bottom-end' }}
                onSelect={(d) => {
                  if (d.value === 'private' && onReplyPrivately) onReplyPrivately({ userId: m.sender, displayName: m.chatDisplayName, role: m.senderRole, avatarBgColor: m.avatarBgColor || avatarColorFor(m.sender) });
                  if (d.value === 'delete') setConfirm('delete');
                  if (d.value === 'block') setConfirm('block');
                }}
              >
                <Menu.Trigger asChild>
                  <IconButton size="2xs" variant="ghost" aria-label={t('chat.message.more', { name: m.chatDisplayName })} disabled={!chat.canAct} data-testid="chat-more">
                    <MoreIcon />
                  </IconButton>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content minW="48">
                      {!mine && m.senderRole === 'participant' && onReplyPrivately && (
                        <Menu.Item value="private" data-testid="chat-reply-private">
                          {t('chat.message.replyPrivately')}
                        </Menu.Item>
                      )}
                      <Menu.Item value="delete" color="fg.error" data-testid="chat-delete">
                        {t('chat.message.delete')}
                      </Menu.Item>
                      {canBlock && (
                        <Menu.Item value="block" color="fg.error" data-testid="chat-block">
                          {t('chat.message.block', { name: m.chatDisplayName })}
                        </Menu.Item>
                      )}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            )}
          </HStack>
        )}
        {context === 'queue' && (
          <HStack gap="2" flexWrap="wrap">
            <Button size="xs" colorPalette="green" loading={chat.busy('approve', m.msgId)} disabled={!chat.canAct} onClick={() => chat.approve(m.msgId)} data-testid="chat-approve">
              {t('chat.queue.approve')}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" loading={chat.busy('delete', m.msgId)} disabled={!chat.canAct} onClick={() => setConfirm('delete')} data-testid="chat-queue-delete">
              {t('chat.queue.delete')}
            </Button>
            {canBlock && (
              <Button size="xs" variant="ghost" colorPalette="red" disabled={!chat.canAct} onClick={() => setConfirm('block')} data-testid="chat-queue-block">
                {t('chat.message.block', { name: m.chatDisplayName })}
              </Button>
            )}
          </HStack>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => setConfirm(o ? 'delete' : null)}
        title={t('chat.message.deleteTitle')}
        body={t('chat.message.deleteBody')}
        confirm={t('chat.message.deleteConfirm')}
        cancel={t('chat.message.cancel')}
        onConfirm={() => chat.remove(m.msgId)}
        testId="chat-delete-dialog"
      />
      <ConfirmDialog
        open={confirm === 'block'}
        onOpenChange={(o) => setConfirm(o ? 'block' : null)}
        title={t('chat.message.blockTitle', { name: m.chatDisplayName })}
        body={t('chat.message.blockBody')}
        confirm={t('chat.message.blockConfirm')}
        cancel={t('chat.message.cancel')}
        onConfirm={() => chat.block(m.sender)}
        testId="chat-block-dialog"
      />
    </Flex>
  );
}

/** A message of the composer's still on its way, or refused (text kept, send again or discard). */
export function OutgoingItem({ item }: { item: Outgoing }) {
  const { t } = useTranslation();
  const chat = useChat();
  const me = chat.state.me;
  const failed = item.status === 'failed';
  const files = (item.frame.imageKeys?.length ?? 0) + (item.frame.attachmentKeys?.length ?? 0);
  return (
    <Flex gap="2" py="2" px="1" align="flex-start" opacity={failed ? 1 : 0.7} data-testid="chat-outgoing" data-status={item.status}>
      <Avatar name={me?.displayName ?? '?'} color={me?.avatarBgColor ?? '#374151'} userId={me?.userId} avatarId={me?.avatarId} />
      <Stack gap="1" minW="0" flex="1">
        <HStack gap="1.5" flexWrap="wrap">
          <Text fontWeight="semibold" fontSize="sm">
            {t('chat.message.you')}
          </Text>
          {item.frame.showHandQuestion && (
            <Badge size="xs" colorPalette="blue" variant="subtle">
              {t('chat.message.question')}
            </Badge>
          )}
          {failed ? (
            <Badge size="xs" colorPalette="red" variant="subtle">
              {t('chat.message.failed')}
            </Badge>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {t('chat.message.sending')}
            </Text>
          )}
        </HStack>
        {item.frame.textMessage && <ChatText text={item.frame.textMessage} />}
        {files > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {t('chat.message.files', { count: files })}
          </Text>
        )}
        {failed && item.problem && (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.error" role="alert" data-testid="chat-send-error">
              {problemText(t, item.problem)}
            </Text>
            <HStack gap="2">
              <Button size="xs" variant="outline" disabled={!chat.canAct} onClick={() => chat.retry(item.clientId)} data-testid="chat-retry">
                {t('chat.message.retry')}
              </Button>
              <Button size="xs" variant="ghost" onClick={() => chat.discard(item.clientId)} data-testid="chat-discard">
                {t('chat.message.discard')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Flex>
  );
}
