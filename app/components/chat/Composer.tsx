/**
 * Writing a message: a textarea (Enter sends, Shift+Enter adds a line), a counter near the limit,
 * the message being replied to (with cancel), "Ask as a question", and images and files uploaded
 * one by one with a progress bar each. Files are checked here first (type and size, with the
 * limit named) and again by the server. While the chat reconnects, sending waits and the text stays.
 */
import { Box, Button, chakra, CloseButton, Field, Flex, HStack, IconButton, Progress, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_RULES, chatFileProblem, type ChatFileKind } from '#app/lib/chat/files';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MAX_IMAGES,
  CHAT_TEXT_MAX,
  type ChatMember,
  type ChatMessage,
} from '#app/lib/chat/protocol';
import { charCount, cleanText } from '#app/lib/forms/text';
import { fileSize } from './format';
import { CloseIcon, PaperclipIcon, ReplyIcon, SendIcon } from './icons';
import { putWithProgress, requestChatUpload } from './upload';
import { useChat } from './useChat';

interface PendingFile {
  id: string;
  name: string;
  kind: ChatFileKind;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  key: string | null;
  error: string | null;
  abort: AbortController;
}

let fileSeq = 0;

export interface ComposerProps {
  /** A private message to this person (no questions then). */
  recipient?: ChatMember | null;
  allowQuestion?: boolean;
  replyTo?: ChatMessage | null;
  onCancelReply?: () => void;
  testId?: string;
  /** Each new value moves the keyboard focus to the input (a conversation opened from an alert). */
  focusKey?: number;
}

export function Composer({ recipient = null, allowQuestion = false, replyTo = null, onCancelReply, testId = 'chat-composer', focusKey = 0 }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const chat = useChat();
  const [text, setText] = useState('');
  const [ask, setAsk] = useState(false);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const counterId = useId();
  const filesRef = useRef(files);
  filesRef.current = files;

  useEffect(() => () => filesRef.current.forEach((f) => f.abort.abort()), []);
  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);
  useEffect(() => {
    if (!focusKey) return;
    // The tab that holds the input may still be hidden for a frame or two (the tabs sync their value after rendering).
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      inputRef.current?.focus();
      if (document.activeElement !== inputRef.current && ++tries < 20) frame = window.requestAnimationFrame(attempt);
    };
    attempt();
    return () => window.cancelAnimationFrame(frame);
  }, [focusKey]);

  // Measured as the server measures the message it keeps (app/lib/forms/text).
  const length = charCount(cleanText(text));
  const tooLong = length > CHAT_TEXT_MAX;
  const uploading = files.some((f) => f.status === 'uploading');
  const ready = files.filter((f) => f.status === 'done' && f.key);
  const canSend = chat.canAct && !tooLong && !uploading && (length > 0 || ready.length > 0);
  const question = allowQuestion && !recipient && ask;

  const update = (id: string, patch: Partial<PendingFile>) => setFiles((list) => list.map((f) => (f.id === id ? { ...f, ...patch } : f)));

  const upload = async (file: File, kind: ChatFileKind) => {
    const id = `f${++fileSeq}`;
    const abort = new AbortController();
    setFiles((list) => [...list, { id, name: file.name, kind, status: 'uploading', percent: 0, key: null, error: null, abort }]);
    const answer = await requestChatUpload(chat.eventId, kind, file, abort.signal);
    if (abort.signal.aborted) return;
    if (!answer.ok) {
      update(id, { status: 'error', error: t('chat.composer.uploadFailed', { name: file.name, reason: answer.message ?? t('chat.composer.uploadNetwork') }) });
      return;
    }
    try {
      await putWithProgress(answer.data.upload, file, (percent) => update(id, { percent }), abort.signal);
      update(id, { status: 'done', percent: 100, key: answer.data.key });
    } catch {
      if (!abort.signal.aborted) update(id, { status: 'error', error: t('chat.composer.uploadFailed', { name: file.name, reason: t('chat.composer.uploadNetwork') }) });
    }
  };

  const choose = (list: FileList | null) => {
    if (!list) return;
    const problems: string[] = [];
    let images = files.filter((f) => f.kind === 'image' && f.status !== 'error').length;
    let attachments = files.filter((f) => f.kind === 'attachment' && f.status !== 'error').length;
    for (const file of Array.from(list)) {
      const kind: ChatFileKind = (CHAT_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()) ? 'image' : 'attachment';
      const problem = chatFileProblem(kind, file.type || 'application/octet-stream', file.size);
      if (problem === 'type') problems.push(t('chat.composer.fileType', { name: file.name }));
      else if (problem === 'tooLarge') problems.push(t('chat.composer.fileTooLarge', { name: file.name, max: fileSize(CHAT_FILE_RULES[kind].maxBytes, i18n.language) }));
      else if (kind === 'image' && images >= CHAT_MAX_IMAGES) problems.push(t('chat.composer.tooManyImages', { max: CHAT_MAX_IMAGES }));
      else if (kind === 'attachment' && attachments >= CHAT_MAX_ATTACHMENTS) problems.push(t('chat.composer.tooManyFiles', { max: CHAT_MAX_ATTACHMENTS }));
      else {
        if (kind === 'image') images++;
        else attachments++;
        void upload(file, kind);
      }
    }
    setFileProblems([...new Set(problems)]);
    if (fileRef.current) fileRef.current.value = '';
  };

  const removeFile = (id: string) => {
    setFiles((list) => {
      list.find((f) => f.id === id)?.abort.abort();
      return list.filter((f) => f.id !== id);
    });
  };

  const submit = () => {
    if (!canSend) return;
    const sent = chat.send({
      textMessage: text.trim(),
      imageKeys: ready.filter((f) => f.kind === 'image').map((f) => f.key!),
      attachmentKeys: ready.filter((f) => f.kind === 'attachment').map((f) => f.key!),
      replyToMsgId: replyTo?.msgId ?? null,
      showHandQuestion: question,
      recipient: recipient?.userId ?? null,
    });
    if (!sent) return;
    setText('');
    setFiles([]);
    setFileProblems([]);
    setAsk(false);
    onCancelReply?.();
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const label = recipient ? t('chat.composer.privateLabel', { name: recipient.displayName }) : t('chat.composer.label');
  const nearLimit = length > CHAT_TEXT_MAX * 0.8;

  return (
    <Stack gap="2" data-testid={testId} as="form" onSubmit={(e) => (e.preventDefault(), submit())}>
      {replyTo && (
        <HStack gap="2" bg="bg.muted" borderRadius="l2" px="2" py="1" justify="space-between" data-testid="chat-reply-chip">
          <HStack gap="1.5" minW="0" fontSize="xs">
            <ReplyIcon />
            <Text fontWeight="semibold" flexShrink={0}>
              {t('chat.composer.replyingTo', { name: replyTo.chatDisplayName })}
            </Text>
            <Text truncate color="fg.muted">
              {replyTo.textMessage}
            </Text>
          </HStack>
          <CloseButton size="2xs" aria-label={t('chat.composer.cancelReply')} onClick={onCancelReply} data-testid="chat-reply-cancel" />
        </HStack>
      )}
      <Field.Root invalid={tooLong}>
        <Field.Label srOnly>{label}</Field.Label>
        <Textarea
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={question ? t('chat.composer.questionPlaceholder') : t('chat.composer.placeholder')}
          rows={2}
          autoresize
          maxH="10rem"
          aria-describedby={`${hintId} ${counterId}`}
          data-testid="chat-input"
        />
        <Flex justify="space-between" w="full" gap="2" fontSize="xs" color="fg.muted">
          <Text id={hintId} hideBelow="md">
            {t('chat.composer.hint')}
          </Text>
          <Text id={counterId} color={tooLong ? 'fg.error' : undefined} aria-live={nearLimit ? 'polite' : 'off'} ms="auto" data-testid="chat-counter">
            {nearLimit ? t('chat.composer.counter', { count: length, max: CHAT_TEXT_MAX }) : ''}
          </Text>
        </Flex>
        {tooLong && <Field.ErrorText>{t('chat.composer.tooLong', { max: CHAT_TEXT_MAX })}</Field.ErrorText>}
      </Field.Root>

      {files.length > 0 && (
        <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" data-testid="chat-files">
          {files.map((f) => (
            <Box as="li" key={f.id} borderWidth="1px" borderRadius="l2" px="2" py="1.5" data-testid="chat-file" data-status={f.status}>
              <HStack justify="space-between" gap="2">
                <Text fontSize="xs" truncate>
                  {f.status === 'uploading' ? t('chat.composer.uploading', { name: f.name, percent: f.percent }) : f.status === 'done' ? t('chat.composer.uploaded', { name: f.name }) : f.name}
                </Text>
                <IconButton size="2xs" variant="ghost" aria-label={t('chat.composer.removeFile', { name: f.name })} onClick={() => removeFile(f.id)}>
                  <CloseIcon />
                </IconButton>
              </HStack>
              {f.status !== 'error' && (
                <Progress.Root value={f.percent} size="xs" colorPalette={f.status === 'done' ? 'green' : 'brand'} aria-label={f.name} mt="1">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
              {f.error && (
                <Text fontSize="xs" color="fg.error" role="alert">
                  {f.error}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {fileProblems.map((p) => (
        <Text key={p} fontSize="xs" color="fg.error" role="alert" data-testid="chat-file-problem">
          {p}
        </Text>
      ))}

      <Flex gap="2" align="center" justify="space-between" flexWrap="wrap">
        <HStack gap="2" flexWrap="wrap">
          <chakra.input
            ref={fileRef}
            type="file"
            multiple
            accept={[...new Set(CHAT_ATTACHMENT_TYPES)].join(',')}
            srOnly
            tabIndex={-1}
            aria-hidden
            onChange={(e) => choose(e.target.files)}
            data-testid="chat-file-input"
          />
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('chat.composer.attach')}
            title={t('chat.composer.attachHint', { imageMax: fileSize(CHAT_IMAGE_MAX_BYTES, i18n.language), fileMax: fileSize(CHAT_ATTACHMENT_MAX_BYTES, i18n.language) })}
            onClick={() => fileRef.current?.click()}
            data-testid="chat-attach"
          >
            <PaperclipIcon />
          </IconButton>
          {allowQuestion && !recipient && (
            <Switch.Root size="sm" checked={ask} onCheckedChange={(d) => setAsk(d.checked)} data-testid="chat-ask">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label fontSize="sm">{t('chat.composer.ask')}</Switch.Label>
            </Switch.Root>
          )}
        </HStack>
        <Button type="submit" size="sm" colorPalette="brand" disabled={!canSend} data-testid="chat-send">
          <SendIcon />
          {t('chat.composer.send')}
        </Button>
      </Flex>
      {question && (
        <Text fontSize="xs" color="fg.muted">
          {t('chat.composer.askHint')}
        </Text>
      )}
      {uploading && (
        <Text fontSize="xs" color="fg.muted" role="status">
          {t('chat.composer.waitUploads')}
        </Text>
      )}
      {chat.state.status === 'reconnecting' && (
        <Text fontSize="xs" color="fg.warning" role="status" data-testid="chat-paused">
          {t('chat.composer.paused')}
        </Text>
      )}
    </Stack>
  );
}
