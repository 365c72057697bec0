import { Box, Heading, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MAX_BYTES, MULTIPART_THRESHOLD_BYTES, type MediaKind } from '#app/lib/media/model';
import { byteSize } from '#app/lib/media/uploadApi';
import type { UploaderOptions } from './createUploader';

export interface UploadUsage {
  /** Bytes held: stored, and reserved by uploads in progress. */
  used: number;
  /** Of `used`, reserved by uploads in progress (docs/decisions/0060). */
  reserved?: number;
  limit: number;
}

/** A size in the page's language ("25 MB", "25 Mo"). */
export function useSizeText() {
  const { t, i18n } = useTranslation();
  return (bytes: number) => {
    const { unit, n } = byteSize(bytes, i18n.language);
    return t(`upload.units.${unit}`, { n });
  };
}

/** The uploader's own messages (a lost connection, a refused file) in the page's language. */
export function useUploaderMessages(kinds: readonly MediaKind[]): UploaderOptions['messages'] {
  const { t } = useTranslation();
  const size = useSizeText();
  return {
    network: () => t('upload.errors.network'),
    problem: (problem, kind) =>
      problem === 'tooLarge' && kind
        ? t('upload.errors.tooLarge', { kind: t(`upload.kinds.${kind}`), limit: size(MAX_BYTES[kind]) })
        : t('upload.errors.type', { types: kinds.map((k) => t(`upload.typeNames.${k}`)).join('; ') }),
  };
}

/** What the uploader takes, shown before anything is chosen: types, per-file limits, the person's storage. */
export function UploadRules({ kinds, usage, system, resumable }: { kinds: readonly MediaKind[]; usage: UploadUsage | null; system?: boolean; resumable?: boolean }) {
  const { t } = useTranslation();
  const size = useSizeText();
  return (
    <Box as="section" aria-labelledby="upload-rules-title" borderWidth="1px" borderColor="border" borderRadius="l3" p={{ base: '4', md: '5' }} bg="bg.subtle" data-testid="upload-rules">
      <Heading as="h2" id="upload-rules-title" size="md" mb="2">
        {t('upload.rules.title')}
      </Heading>
      <Text mb="2">{t('upload.rules.kinds', { types: kinds.map((k) => t(`upload.typeNames.${k}`)).join('; ') })}</Text>
      <List.Root ps="5" gap="1" mb="2">
        {kinds.map((k) => (
          <List.Item key={k}>{t('upload.rules.perFile', { kind: t(`upload.kinds.${k}`), size: size(MAX_BYTES[k]) })}</List.Item>
        ))}
      </List.Root>
      {resumable ? <Text color="fg.muted">{t('upload.rules.resumable', { size: size(MULTIPART_THRESHOLD_BYTES) })}</Text> : null}
      {usage ? (
        <Text fontWeight="medium" mt="2" data-testid="upload-usage">
          {usage.reserved
            ? t('upload.rules.quotaReserved', { used: size(usage.used), limit: size(usage.limit), reserved: size(usage.reserved) })
            : t('upload.rules.quota', { used: size(usage.used), limit: size(usage.limit) })}
        </Text>
      ) : null}
      {system ? (
        <Text mt="2" fontWeight="medium">
          {t('upload.rules.system')}
        </Text>
      ) : null}
    </Box>
  );
}
