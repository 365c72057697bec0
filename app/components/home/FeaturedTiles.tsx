import { Box, Button, VisuallyHidden, type SystemStyleObject } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDuration as clockDuration } from '#app/components/media/player/format';
import type { FeaturedTile } from '#app/lib/home/view';
import { PosterPlaceholder } from './PosterPlaceholder';
import { Section } from './Section';

const TILE_LIST: SystemStyleObject = {
  listStyleType: 'none',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '5', md: '6' },
  '& .ft-tile': { display: 'flex', flexDirection: 'column', h: 'full', bg: 'bg', borderRadius: 'l3', overflow: 'hidden', borderWidth: '1px', borderColor: 'border' },
  '& .ft-tile:hover, & .ft-tile:focus-within': { borderColor: 'brand.solid' },
  '& .ft-image': { position: 'relative', aspectRatio: '16 / 9', bg: 'brand.subtle' },
  '& .ft-image > img': { display: 'block', w: 'full', h: 'full', objectFit: 'cover' },
  '& .ft-duration': { position: 'absolute', right: '2', bottom: '2', px: '1.5', py: '0.5', borderRadius: 'l1', fontSize: 'xs', fontWeight: 'semibold', bg: 'blackAlpha.800', color: 'white' },
  '& .ft-body': { display: 'flex', flexDirection: 'column', gap: '1', p: '4' },
  '& .ft-title': { fontSize: 'lg', fontWeight: 'semibold', m: '0', lineHeight: 'short' },
  '& .ft-title a': { color: 'fg', textDecoration: 'none' },
  '& .ft-title a:hover': { color: 'brand.fg', textDecoration: 'underline' },
  '& .ft-title a:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  '& .ft-muted': { fontSize: 'sm', color: 'fg.muted', m: '0', display: '-webkit-box', lineClamp: '2' },
};

/** The tenant's channels or public replays as picture tiles, with a link to the whole list. */
export function FeaturedTiles({ kind, title, items }: { kind: 'featuredChannels' | 'featuredReplays'; title: string | null; items: FeaturedTile[] }) {
  const { t } = useTranslation();
  const channels = kind === 'featuredChannels';
  return (
    <Section
      type={kind}
      title={title ?? t(channels ? 'home.channelsTitle' : 'home.replaysTitle')}
      tinted={!channels}
      action={
        <Button asChild variant="outline" colorPalette="brand" size="sm">
          <Link to={channels ? '/customerChannels' : '/vod'}>{t(channels ? 'home.allChannels' : 'home.allReplays')}</Link>
        </Button>
      }
    >
      <Box as="ul" css={TILE_LIST} data-testid={channels ? 'featured-channels' : 'featured-replays'}>
        {items.map((item) => (
          <li key={item.id}>
            <article className="ft-tile" data-testid="featured-tile">
              <div className="ft-image">
                {item.imageUrl ? <img src={item.imageUrl} alt="" width={1280} height={720} loading="lazy" /> : <PosterPlaceholder />}
                {item.durationSeconds ? (
                  <span className="ft-duration">
                    <span aria-hidden="true">{clockDuration(item.durationSeconds)}</span>
                    <VisuallyHidden>{t('home.duration', { time: clockDuration(item.durationSeconds) })}</VisuallyHidden>
                  </span>
                ) : null}
              </div>
              <div className="ft-body">
                <h3 className="ft-title">
                  <Link to={item.href}>{item.title}</Link>
                </h3>
                {item.subtitle ? <p className="ft-muted">{item.subtitle}</p> : null}
                {item.text ? <p className="ft-muted">{item.text}</p> : null}
              </div>
            </article>
          </li>
        ))}
      </Box>
    </Section>
  );
}
