import { Badge, Box, Link, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RemixLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDay, formatType } from './format';
import type { FileRow, FileSort, SortDirection } from './types';

interface Props {
  files: FileRow[];
  sort: FileSort;
  dir: SortDirection;
}

/** A column heading that sorts by it: a link (works without script), aria-sort on the current one. */
function SortHeader({ column, label, sort, dir, hideBelow, align }: { column: FileSort; label: string; sort: FileSort; dir: SortDirection; hideBelow?: 'md' | 'lg'; align?: 'end' }) {
  const { t } = useTranslation();
  const current = column === sort;
  const next: SortDirection = current ? (dir === 'asc' ? 'desc' : 'asc') : column === 'date' || column === 'size' ? 'desc' : 'asc';
  return (
    <Table.ColumnHeader
      aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      hideBelow={hideBelow}
      textAlign={align}
    >
      <Link asChild fontWeight="semibold" color="fg">
        <RemixLink to={`/downloadFiles?sort=${column}&dir=${next}`} data-testid={`sort-${column}`} preventScrollReset>
          {label}
          {current ? <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
          <VisuallyHidden>{current ? ` (${t(dir === 'asc' ? 'gallery.files.sortAscending' : 'gallery.files.sortDescending')})` : ''}</VisuallyHidden>
        </RemixLink>
      </Link>
    </Table.ColumnHeader>
  );
}

/** /downloadFiles' table: name, kind, format, size, date, owner and a download link per file. */
export function FileTable({ files, sort, dir }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" borderRadius="l2">
      <Table.Root size={{ base: 'sm', md: 'md' }} data-testid="file-table">
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
          {t('gallery.files.count', { count: files.length })} ·{' '}
          {t('gallery.files.sortedBy', {
            column: t(`gallery.files.${sort === 'date' ? 'added' : sort}`),
            direction: t(dir === 'asc' ? 'gallery.files.sortAscending' : 'gallery.files.sortDescending'),
          })}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <SortHeader column="name" label={t('gallery.files.name')} sort={sort} dir={dir} />
            <SortHeader column="kind" label={t('gallery.files.kind')} sort={sort} dir={dir} hideBelow="md" />
            <SortHeader column="size" label={t('gallery.files.size')} sort={sort} dir={dir} align="end" />
            <SortHeader column="date" label={t('gallery.files.added')} sort={sort} dir={dir} hideBelow="lg" />
            <Table.ColumnHeader hideBelow="lg">{t('gallery.files.owner')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>{t('gallery.files.download')}</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((file) => (
            <Table.Row key={file.id} data-testid="file-row" data-id={file.id}>
              <Table.Cell maxW={{ base: '40vw', md: 'sm' }}>
                <Text fontWeight="medium" truncate>
                  {file.title}
                </Text>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {file.fileName}
                </Text>
              </Table.Cell>
              <Table.Cell hideBelow="md">
                <Badge variant="subtle" mr="2">
                  {t(`gallery.kinds.${file.kind}`)}
                </Badge>
                <Text as="span" fontSize="sm" color="fg.muted">
                  {formatType(file.contentType)}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="file-size">
                {formatBytes(file.bytes, language)}
              </Table.Cell>
              <Table.Cell hideBelow="lg" whiteSpace="nowrap">
                {formatDay(file.createdAt, language)}
              </Table.Cell>
              <Table.Cell hideBelow="lg">{file.ownerName || t('session.someone')}</Table.Cell>
              <Table.Cell textAlign="end">
                <Link
                  href={file.href}
                  download={file.fileName}
                  aria-label={t('gallery.files.downloadNamed', { name: file.fileName })}
                  data-testid="file-download"
                  colorPalette="brand"
                  fontWeight="semibold"
                  whiteSpace="nowrap"
                >
                  {t('gallery.files.download')}
                </Link>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
