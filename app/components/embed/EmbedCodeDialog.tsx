/**
 * "Embed code" for organizers (docs/decisions/0089): a button that opens a dialog with the snippet
 * to paste on their own site (the sizing script and the iframe) and a copy button. Its strings are
 * fetched when it first mounts, so the pages that show it carry none of them in their document.
 */
import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedCode, type EmbedTarget } from '#app/lib/embed/paths';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';

export function EmbedCodeButton({ target, title, size = 'sm' }: { target: EmbedTarget; title: string; size?: 'xs' | 'sm' | 'md' }) {
  const ready = useNamespace('embeds');
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [origin, setOrigin] = useState('');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setOrigin(window.location.origin), []);
  if (!ready) return null;
  const code = embedCode(origin, target, title);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      area.current?.select();
      setCopied('failed');
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => { setOpen(d.open); setCopied('idle'); }} placement="center" size={{ base: 'full', sm: 'lg' }}>
      <Dialog.Trigger asChild>
        <Button size={size} variant="ghost" aria-label={t('embeds.code.openFor', { title })} data-testid="embed-code-open">
          {t('embeds.code.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="embed-code-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('embeds.code.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{t('embeds.code.intro', { what: t(target.kind === 'event' ? 'embeds.code.event' : 'embeds.code.video') })}</Text>
                <Field.Root>
                  <Field.Label fontWeight="semibold">{t('embeds.code.codeLabel')}</Field.Label>
                  <Textarea ref={area} value={code} readOnly rows={6} fontFamily="mono" fontSize="xs" onFocus={(e) => e.currentTarget.select()} data-testid="embed-code" />
                </Field.Root>
                <Text fontSize="sm" color="fg.muted">
                  {t('embeds.code.allowedNote')}
                </Text>
                <Text role="status" aria-live="polite" fontSize="sm" color={copied === 'failed' ? 'fg.error' : 'fg.success'} minH="5">
                  {copied === 'copied' ? t('embeds.code.copied') : ''}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer gap="2" flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('embeds.code.close')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="brand" onClick={() => void copy()} data-testid="embed-code-copy">
                {t('embeds.code.copy')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('embeds.code.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
