import { Box, Container } from '@chakra-ui/react';
import { Prose } from '#app/components/content/Prose';
import type { HomeSectionView } from '#app/lib/home/view';
import { CtaBand } from './CtaBand';
import { FeaturedEvents } from './FeaturedEvents';
import { FeaturedTiles } from './FeaturedTiles';
import { PartnerLogos } from './PartnerLogos';
import { Stats } from './Stats';
import { Testimonials } from './Testimonials';

/** The body's sections side by side on wide screens, so the text fills the width instead of leaving a blank band. */
const BODY_COLUMNS = {
  '& .prose': { columnCount: { base: 1, lg: 2 }, columnGap: '16' },
  '& .prose h2': { breakAfter: 'avoid' },
  '& .prose p': { breakInside: 'avoid' },
} as const;

/** The home sections in the order of the tenant's layout. */
export function HomeSections({ sections, timeZone }: { sections: HomeSectionView[]; timeZone: string }) {
  return (
    <Box data-testid="home-sections" data-order={sections.map((s) => s.type).join(',')}>
      {sections.map((section) => {
        switch (section.type) {
          case 'body':
            return (
              <Box as="section" key="body" data-testid="home-section" data-section="body">
                <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
                  <Box css={BODY_COLUMNS}>
                    <Prose html={section.html} maxW={{ base: '4xl', lg: 'none' }} />
                  </Box>
                </Container>
              </Box>
            );
          case 'featuredEvents':
            return <FeaturedEvents key="events" title={section.title} events={section.events} fallbackZone={timeZone} />;
          case 'featuredChannels':
          case 'featuredReplays':
            return <FeaturedTiles key={section.type} kind={section.type} title={section.title} items={section.items} />;
          case 'testimonials':
            return <Testimonials key="testimonials" title={section.title} items={section.items} />;
          case 'partners':
            return <PartnerLogos key="partners" title={section.title} items={section.items} />;
          case 'cta':
            return <CtaBand key="cta" title={section.title} text={section.text} action={section.action} />;
          case 'stats':
            return <Stats key="stats" title={section.title} items={section.items} />;
        }
      })}
    </Box>
  );
}
