/** Uploads a channel's avatar or banner straight to storage (presigned PUT), then the server makes its sizes. */
import { Button, Image, Stack, Text } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelImageSlot } from '#app/lib/shop/model';
import { postJson } from './postJson';

export function ChannelImageUpload({ channelId, slot, url }: { channelId: string; slot: ChannelImageSlot; url: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'error'>('idle');
  const [message, setMessage] = useState('');

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState('busy');
    const presigned = await postJson('/api/channels', { intent: 'presignImage', channelId, slot, contentType: file.type, size: file.size });
    if (!presigned.ok) {
      setMessage(presigned.message || t('shop.errors.image'));
      return setState('error');
    }
    const { url: putUrl, key, headers } = presigned.presigned as { url: string; key: string; headers: Record<string, string> };
    const put = await fetch(putUrl, { method: 'PUT', headers, body: file }).catch(() => null);
    if (!put?.ok) {
      setMessage(t('shop.errors.storage'));
      return setState('error');
    }
    const processed = await postJson('/api/channels', { intent: 'processImage', channelId, slot, key });
    if (!processed.ok) {
      setMessage(processed.message || t('shop.errors.image'));
      return setState('error');
    }
    setState('done');
    revalidator.revalidate();
  };

  const label = slot === 'avatar' ? t('shop.manage.avatar') : t('shop.manage.banner');
  return (
    <Stack gap="2" data-testid={`channel-${slot}-upload`}>
      <Text fontWeight="medium">{label}</Text>
      {url ? <Image src={url} alt="" maxW={slot === 'avatar' ? '20' : 'sm'} borderRadius="l2" data-testid={`channel-${slot}-image`} /> : null}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        aria-label={`${label}: ${t('shop.manage.uploadImage')}`}
        data-testid={`channel-${slot}-file`}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button size="sm" variant="outline" alignSelf="start" loading={state === 'busy'} loadingText={t('shop.manage.uploading')} onClick={() => input.current?.click()}>
        {t('shop.manage.uploadImage')}
      </Button>
      {state === 'done' ? (
        <Text color="fg.success" fontSize="sm" role="status">
          {t('shop.manage.imageSaved')}
        </Text>
      ) : null}
      {state === 'error' ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
