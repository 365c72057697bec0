import { Box, Button, Container, Grid, Heading, HStack, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { HeroView, HomeImage } from '#app/lib/home/view';

/**
 * The home hero in the tenant's style (docs/decisions/0038): banner (text on a soft gradient),
 * image or video (text over a darkened picture), split (text beside a picture) and centred (text
 * over a pattern drawn from the brand colours). Every picture carries its size, so nothing moves
 * when it loads; the first picture is fetched with high priority.
 */
export function Hero({ hero }: { hero: HeroView }) {
  const visual = hero.visual;
  switch (visual.style) {
    case 'banner':
      return (
        <HeroFrame style="banner" bgGradient="to-br" gradientFrom="brand.subtle" gradientTo="bg" borderBottomWidth="1px" borderColor="border">
          <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20', xl: '28' }}>
            <HeroText hero={hero} />
          </Container>
        </HeroFrame>
      );
    case 'image':
    case 'video':
      return (
        <HeroFrame style={visual.style} position="relative" overflow="hidden" bg="gray.950" color="white" minH={{ base: '30rem', md: '34rem', xl: '40rem' }} display="flex" alignItems="center">
          <Box position="absolute" inset="0" css={COVER}>
            {visual.style === 'image' ? (
              <CoverImage image={visual.image} />
            ) : (
              <>
                <CoverImage image={visual.poster} testId="hero-poster" />
                {visual.videoSrc ? (
                  <video
                    data-testid="hero-video"
                    className="hero-video"
                    autoPlay
                    muted
                    loop
                    playsInline
                    preload="metadata"
                    poster={visual.poster.src}
                    width={visual.poster.width}
                    height={visual.poster.height}
                    aria-hidden="true"
                  >
                    <source src={visual.videoSrc} type="video/mp4" />
                  </video>
                ) : null}
              </>
            )}
            <Box position="absolute" inset="0" bgGradient="to-r" gradientFrom="blackAlpha.800" gradientVia="blackAlpha.600" gradientTo="blackAlpha.300" />
          </Box>
          <Container position="relative" maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '14', md: '20' }}>
            <HeroText hero={hero} onDark />
          </Container>
        </HeroFrame>
      );
    case 'split':
      return (
        <HeroFrame style="split" bg="bg.subtle" borderBottomWidth="1px" borderColor="border">
          <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16', xl: '20' }}>
            <Grid templateColumns={{ base: '1fr', lg: '1.1fr 1fr' }} gap={{ base: '8', lg: '14' }} alignItems="center">
              <Box order={{ base: 0, lg: visual.imageSide === 'start' ? 1 : 0 }}>
                <HeroText hero={hero} />
              </Box>
              <Box borderRadius="l3" overflow="hidden" boxShadow="lg" css={{ '& img': { display: 'block', w: 'full', h: 'auto' } }}>
                <img src={visual.image.src} alt={visual.image.alt} width={visual.image.width} height={visual.image.height} {...HIGH_PRIORITY} data-testid="hero-image" />
              </Box>
            </Grid>
          </Container>
        </HeroFrame>
      );
    case 'centred':
      return (
        <HeroFrame style="centred" data-pattern={visual.pattern} position="relative" overflow="hidden" css={PATTERNS[visual.pattern] ?? PATTERNS.glow} borderBottomWidth="1px" borderColor="border">
          <Container position="relative" maxW="5xl" px={{ base: '4', md: '6' }} pt={{ base: '14', md: '20', xl: '24' }} pb={visual.image ? '0' : { base: '14', md: '20' }}>
            <HeroText hero={hero} centred />
            {visual.image ? (
              <Box mt={{ base: '8', md: '12' }} mx="auto" maxW="4xl" css={{ '& img': { display: 'block', w: 'full', h: 'auto' } }}>
                <img src={visual.image.src} alt={visual.image.alt} width={visual.image.width} height={visual.image.height} {...HIGH_PRIORITY} data-testid="hero-image" />
              </Box>
            ) : null}
          </Container>
        </HeroFrame>
      );
  }
}

function HeroFrame({ style, children, ...props }: { style: string; children: React.ReactNode } & React.ComponentProps<typeof Box>) {
  return (
    <Box as="section" aria-labelledby="hero-headline" data-testid="home-hero" data-hero-style={style} {...props}>
      {children}
    </Box>
  );
}

/** React 18 knows no fetchPriority prop; the lowercase attribute passes through as written. */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;

const COVER: SystemStyleObject = {
  '& img, & video': { position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover', objectPosition: 'center 65%' },
  // Visitors who ask for less motion see the poster alone.
  '@media (prefers-reduced-motion: reduce)': { '& .hero-video': { display: 'none' } },
};

function CoverImage({ image, testId = 'hero-image' }: { image: HomeImage; testId?: string }) {
  return <img src={image.src} alt={image.alt} width={image.width} height={image.height} {...HIGH_PRIORITY} data-testid={testId} />;
}

/** Backdrops of the centred hero, from the brand tokens so they follow the theme (and its dark mode). */
const PATTERNS: Record<string, SystemStyleObject> = {
  glow: {
    bg: 'bg',
    backgroundImage:
      'radial-gradient(ellipse 60% 50% at 20% 10%, {colors.brand.subtle}, transparent 70%), radial-gradient(ellipse 50% 60% at 85% 30%, {colors.brand.muted}, transparent 70%)',
  },
  dots: {
    bg: 'brand.subtle',
    backgroundImage: 'radial-gradient({colors.brand.muted} 1.5px, transparent 1.5px)',
    backgroundSize: '22px 22px',
  },
  grid: {
    bg: 'bg.subtle',
    backgroundImage: 'linear-gradient({colors.brand.subtle} 1px, transparent 1px), linear-gradient(90deg, {colors.brand.subtle} 1px, transparent 1px)',
    backgroundSize: '32px 32px',
  },
  waves: {
    bg: 'brand.subtle',
    backgroundImage:
      'radial-gradient(circle at 50% 120%, {colors.brand.muted} 0 30%, transparent 30.5%), radial-gradient(circle at 50% 135%, {colors.brand.emphasized} 0 38%, transparent 38.5%), linear-gradient(to bottom, {colors.bg}, {colors.brand.subtle})',
  },
};

function HeroText({ hero, onDark = false, centred = false }: { hero: HeroView; onDark?: boolean; centred?: boolean }) {
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW={centred ? '3xl' : '4xl'} mx={centred ? 'auto' : undefined} textAlign={centred ? 'center' : undefined} alignItems={centred ? 'center' : 'flex-start'}>
      {hero.eyebrow ? (
        <Text fontWeight="bold" color={onDark ? 'whiteAlpha.900' : 'brand.fg'} textTransform="uppercase" letterSpacing="wider" fontSize="sm">
          {hero.eyebrow}
        </Text>
      ) : null}
      <Heading as="h1" id="hero-headline" size={{ base: '3xl', md: '5xl', xl: '6xl' }} lineHeight="1.1" data-testid="hero-headline" color={onDark ? 'white' : undefined}>
        {hero.headline}
      </Heading>
      {hero.lead ? (
        <Text fontSize={{ base: 'lg', md: '2xl' }} color={onDark ? 'whiteAlpha.900' : 'fg.muted'} maxW="3xl">
          {hero.lead}
        </Text>
      ) : null}
      <HStack gap="3" flexWrap="wrap" pt="2" justifyContent={centred ? 'center' : undefined}>
        {hero.primary ? (
          <Button asChild size={{ base: 'md', md: 'lg' }} colorPalette="brand" data-testid="hero-primary">
            <Link to={hero.primary.to}>{hero.primary.label}</Link>
          </Button>
        ) : null}
        {hero.secondary ? (
          <Button
            asChild
            size={{ base: 'md', md: 'lg' }}
            variant="outline"
            colorPalette="brand"
            {...(onDark ? { color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } } : {})}
          >
            <Link to={hero.secondary.to}>{hero.secondary.label}</Link>
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
