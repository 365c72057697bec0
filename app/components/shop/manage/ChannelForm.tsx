/** Create or edit a channel: name, about, intro video, up to 5 links; field errors beside the fields, typed values kept. */
import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyIn } from '#app/lib/i18n/keys';
import type { ManagedChannel, MediaChoice } from '#app/lib/shop/manage';
import { CHANNEL_LINKS_MAX, SHOP_TEXT_LIMITS, type ChannelLink } from '#app/lib/shop/model';
import { CharCounter } from '#app/components/forms/CharCounter';
import { charCount } from '#app/lib/forms/text';
import { postJson } from './postJson';

type Errors = Record<string, KeyIn<'shop.errors'>>;

export function ChannelForm({ channel, media, onDone }: { channel: ManagedChannel | null; media: MediaChoice[]; onDone: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [name, setName] = useState(channel?.name ?? '');
  const [about, setAbout] = useState(channel?.about ?? '');
  const [introVideoId, setIntro] = useState(channel?.introVideoId ?? '');
  const [links, setLinks] = useState<ChannelLink[]>(channel?.links ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const videos = media.filter((m) => m.kind === 'video' && m.shared);

  const save = async () => {
    setBusy(true);
    setMessage(null);
    const fields = { name, about, introVideoId: introVideoId || null, links };
    const answer = await postJson('/api/channels', channel ? { intent: 'update', channelId: channel.channelId, fields } : { intent: 'create', fields });
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      revalidator.revalidate();
      onDone();
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    setMessage(answer.fieldErrors ? t('shop.manage.fixFields') : answer.message);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="channel-form"
    >
      <Stack gap="4" maxW="2xl">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>{t('shop.manage.name')}</Field.Label>
          <Input name="name" value={name} onChange={(e) => setName(e.target.value)} data-testid="channel-name-input" />
          <CharCounter form="channel" name="name" count={charCount(name)} max={SHOP_TEXT_LIMITS.channelName} />
          {errors.name ? <Field.ErrorText>{t(errors.name, { max: SHOP_TEXT_LIMITS.channelName })}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={!!errors.about}>
          <Field.Label>{t('shop.manage.about')}</Field.Label>
          <Textarea name="about" value={about} rows={5} onChange={(e) => setAbout(e.target.value)} data-testid="channel-about-input" />
          <CharCounter form="channel" name="about" count={charCount(about)} max={SHOP_TEXT_LIMITS.channelAbout} />
          <Field.HelperText>{t('shop.manage.aboutHelp')}</Field.HelperText>
          {errors.about ? <Field.ErrorText>{t(errors.about, { max: SHOP_TEXT_LIMITS.channelAbout })}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={!!errors.introVideoId}>
          <Field.Label>{t('shop.manage.introVideo')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={introVideoId} onChange={(e) => setIntro(e.target.value)}>
              <option value="">{t('shop.manage.introVideoNone')}</option>
              {videos.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.introVideoId ? <Field.ErrorText>{t(errors.introVideoId)}</Field.ErrorText> : null}
        </Field.Root>
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="medium">
            {t('shop.manage.links')}
          </Text>
          {links.map((link, i) => (
            <HStack key={i} gap="2" align="start">
              <Input aria-label={`${t('shop.manage.linkLabel')} ${i + 1}`} placeholder={t('shop.manage.linkLabel')} value={link.label} maxLength={60} onChange={(e) => setLinks(links.map((l, j) => (j === i ? { ...l, label: e.target.value } : l)))} />
              <Input aria-label={`${t('shop.manage.linkUrl')} ${i + 1}`} placeholder={t('shop.manage.linkUrl')} type="url" value={link.url} onChange={(e) => setLinks(links.map((l, j) => (j === i ? { ...l, url: e.target.value } : l)))} />
              <IconButton variant="ghost" aria-label={t('shop.manage.removeLink', { n: i + 1 })} onClick={() => setLinks(links.filter((_, j) => j !== i))}>
                ×
              </IconButton>
            </HStack>
          ))}
          {errors.links ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t(errors.links)}
            </Text>
          ) : null}
          {links.length < CHANNEL_LINKS_MAX ? (
            <Button size="sm" variant="outline" alignSelf="start" onClick={() => setLinks([...links, { label: '', url: 'https://' }])}>
              {t('shop.manage.addLink')}
            </Button>
          ) : null}
        </Stack>
        {message ? (
          <Text color="fg.error" role="alert" data-testid="channel-form-message">
            {message}
          </Text>
        ) : null}
        <HStack>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('shop.manage.saving')} data-testid="channel-save">
            {t('shop.manage.save')}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t('shop.manage.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
