/** A read-only value (a link, an ingest URL, a stream key) with a copy button; when the clipboard is refused the text is selected for a manual copy. */
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';

export interface CopyFieldMessages {
  copy: string;
  copied: string;
  copyFailed: string;
}

export function CopyField({ label, value, testId, messages, namedButton = false }: { label: string; value: string; testId: string; messages: CopyFieldMessages; namedButton?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      input.current?.select();
      setState('failed');
    }
  };
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">{label}</Field.Label>
      <HStack gap="2" w="full">
        <Input ref={input} value={value} readOnly onFocus={(e) => e.currentTarget.select()} bg="bg" fontFamily="mono" fontSize="sm" data-testid={testId} />
        {/* Several copy buttons on one screen each name what they copy. */}
        {/* data-copy-*: the same copy on a page without the client app (CopyButtonsScript). */}
        <Button
          type="button"
          variant="outline"
          colorPalette="brand"
          onClick={copy}
          flexShrink={0}
          aria-label={namedButton ? `${messages.copy}: ${label}` : undefined}
          data-copy-field=""
          data-copied={messages.copied}
          data-copy-failed={messages.copyFailed}
        >
          {messages.copy}
        </Button>
      </HStack>
      <Text data-copy-status="" aria-live="polite" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'} minH="5">
        {state === 'copied' ? messages.copied : state === 'failed' ? messages.copyFailed : ''}
      </Text>
    </Field.Root>
  );
}
